import { POLICY_VALIDATION_MESSAGES as M, type Policy } from '@plinth/contracts-database';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PolicyEditorDialog, type PolicyEditorDialogProps } from './PolicyEditorDialog';

const roles = [
  { name: 'anon', is_system: false },
  { name: 'authenticated', is_system: false },
  { name: 'postgres', is_system: true },
  { name: 'pg_monitor', is_system: false },
];
const existing: Policy = {
  id: 5, name: 'Own rows', schema: 'public', table: 'todos', table_id: 1, command: 'SELECT',
  definition: '(auth.uid() = user_id)', check: null, roles: ['authenticated'], action: 'PERMISSIVE',
};

function open(props: Partial<PolicyEditorDialogProps> = {}) {
  const calls = {
    onCreate: vi.fn(async () => undefined),
    onUpdate: vi.fn(async () => undefined),
    onSaved: vi.fn(),
    onClose: vi.fn(),
  };
  render(<PolicyEditorDialog schema="public" table="todos" columns={['id', 'user_id', 'email']} roles={roles} {...calls} {...props} />);
  return { ...calls, ...props };
}

describe('PolicyEditorDialog', () => {
  it('creates a policy from a template: selection, templates, editor, review with the exact SQL, save', async () => {
    const user = userEvent.setup();
    const calls = open();
    expect(screen.getByRole('dialog', { name: 'Adding new policy to public.todos' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Create a policy from a template/ }));
    expect(screen.getByRole('dialog', { name: 'Select a template to use for your new policy' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: /Allow read access to everyone/ }));
    await user.click(screen.getByRole('button', { name: 'Use this template' }));
    expect((screen.getByRole('textbox', { name: 'Policy name' }) as HTMLInputElement).value).toBe('Everyone can read');
    expect((screen.getByRole('radio', { name: 'SELECT' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('WITH CHECK expression')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('dialog', { name: 'Reviewing policy to be created or updated on public.todos' })).toBeTruthy();
    expect(screen.getByTestId('policy-review').textContent).toContain('create policy "Everyone can read" on "public"."todos"\nas PERMISSIVE for SELECT to public\nusing (true);');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(calls.onSaved).toHaveBeenCalled());
    expect(calls.onCreate).toHaveBeenCalledWith({ name: 'Everyone can read', schema: 'public', table: 'todos', action: 'PERMISSIVE', command: 'SELECT', definition: 'true', check: null, roles: [] });
    expect(calls.onClose).toHaveBeenCalled();
  });

  it('goes back from templates to the selection and from review to the editor (000 §4.5)', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: /Create a policy from a template/ }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /Create a policy from scratch/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Create a policy from a template/ }));
    await user.click(await screen.findByRole('button', { name: 'Use this template' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    expect((screen.getByRole('textbox', { name: 'Policy name' }) as HTMLInputElement).value).toBe('Everyone can read');
  });

  it('shows each validation message word for word, limits the name to 63 characters and offers no system role', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: /Create a policy from scratch/ }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText(M.nameRequired)).toBeTruthy();
    expect(screen.getByText(M.operationRequired)).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Policy name' }) as HTMLInputElement;
    await user.type(name, 'x'.repeat(70));
    expect(name.value).toHaveLength(63);
    expect(screen.getByText('63/63')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'INSERT' }));
    expect(screen.getByText(M.checkRequired)).toBeTruthy();
    expect(screen.queryByText('USING expression')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'UPDATE' }));
    expect(screen.getByText(M.usingOrCheckRequired)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'DELETE' }));
    expect(screen.getByText(M.usingRequired)).toBeTruthy();
    const picker = screen.getByRole('group', { name: 'Target roles' });
    expect(within(picker).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['anon', 'authenticated']);
  });

  it("completes the table's columns in the USING field, and Escape closes the completions, not the dialog", async () => {
    const user = userEvent.setup();
    const calls = open();
    await user.click(screen.getByRole('button', { name: /Create a policy from scratch/ }));
    await user.click(screen.getByRole('radio', { name: 'SELECT' }));
    const using = screen.getByRole('textbox', { name: 'USING expression' }) as HTMLTextAreaElement;
    await user.type(using, 'auth.uid() = use');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['user_idcolumn']);
    await user.keyboard('{Enter}');
    expect(using.value).toBe('auth.uid() = user_id');
    await user.type(using, ' and e');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Adding new policy to public.todos' })).toBeTruthy();
    expect(screen.queryByText(/discard/i)).toBeNull();
    expect(calls.onClose).not.toHaveBeenCalled();
  });

  it('returns to the editor with the error when saving fails', async () => {
    const user = userEvent.setup();
    const calls = open({ onCreate: vi.fn(async () => { throw new Error('permission denied for table todos'); }) });
    await user.click(screen.getByRole('button', { name: /Create a policy from a template/ }));
    await user.click(await screen.findByRole('button', { name: 'Use this template' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Error adding policy: permission denied for table todos')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Policy name' })).toBeTruthy();
    expect(calls.onSaved).not.toHaveBeenCalled();
  });

  it('edits: opens on the editor, the operation fixed, sends only the changes, and asks before discarding', async () => {
    const user = userEvent.setup();
    const calls = open({ policy: existing });
    expect(screen.getByRole('dialog', { name: 'Editing policy from public.todos' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'INSERT' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'authenticated' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(calls.onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByTestId('policy-review').textContent).toContain('alter policy "Own rows" on "public"."todos"\nto public;');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(calls.onUpdate).toHaveBeenCalledWith(5, { roles: ['public'] }));
  });

  it('tests the draft as a caller and shows per row what it may do', async () => {
    const user = userEvent.setup();
    const runTest = vi.fn(async () => ({
      rlsEnabled: true, role: 'authenticated', claims: {}, columns: ['id', 'title'], pasted: false,
      policies: [{ name: 'Own rows', command: 'SELECT' as const, permissive: true, roles: ['authenticated'], applies: true, draft: true }],
      rows: [
        { values: { id: 1, title: 'mine' }, select: { allowed: true, admittedBy: ['Own rows'], reason: null }, insert: { allowed: false, admittedBy: [], reason: 'No INSERT policy for authenticated admits this row' }, update: { allowed: false, admittedBy: [], reason: 'x' }, delete: { allowed: false, admittedBy: [], reason: 'x' } },
        { values: { id: 2, title: 'theirs' }, select: { allowed: false, admittedBy: [], reason: 'No SELECT policy for authenticated admits this row' }, insert: { allowed: false, admittedBy: [], reason: 'x' }, update: { allowed: false, admittedBy: [], reason: 'x' }, delete: { allowed: false, admittedBy: [], reason: 'x' } },
      ],
    }));
    // jsdom lays nothing out: give the results' virtual list a height so its rows render.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-virtual-list') ? 400 : 0;
    });
    open({ policy: existing, tester: { runTest } });
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(screen.getByRole('dialog', { name: 'Testing policy on public.todos' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Run test' }));
    expect(await screen.findByText(/sees 1 of 2 rows/)).toBeTruthy();
    expect(runTest).toHaveBeenCalledWith(expect.objectContaining({
      schema: 'public', table: 'todos',
      draft: expect.objectContaining({ id: 5, name: 'Own rows', command: 'SELECT', definition: '(auth.uid() = user_id)', check: null }),
      caller: { kind: 'authenticated', claims: expect.objectContaining({ email: 'someone@example.com' }) },
    }));
    expect(await screen.findByText(/by Own rows/)).toBeTruthy();
    expect(screen.getByText(/No SELECT policy for authenticated admits this row/)).toBeTruthy();
  });
});
