import { expect, test, type Locator, type Page } from '@playwright/test';
import { addReadOnlyMember, createActiveProject, signUpThroughApi, uniqueEmail } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The RLS policies page against a real project database: RLS switched on, a policy made from a
// template and edited, the validation messages, the tester showing two users different rows, and
// a read-only member's disabled buttons.

/** Replaces the text of a CodeMirror expression field. */
async function fillExpression(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

test('create a policy from a template, edit it, test it as two users, toggle RLS; a read-only member cannot', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'rls-owner');
  const { ref, orgSlug } = await createActiveProject(session, 'Rls');
  const users: { id: string; email: string }[] = [];
  for (const label of ['alice', 'bob']) {
    users.push(await session.client.http<{ id: string; email: string }>('POST', `/platform/auth/${ref}/users`, { body: { email: uniqueEmail(label), password: 'app-user-password-1' } }));
  }
  const [alice, bob] = users as [{ id: string; email: string }, { id: string; email: string }];
  await session.client.database.runQuery(ref, {
    query: `create table public.todos (id int primary key, user_id uuid, title text not null);
      insert into public.todos values (1, '${alice.id}', 'alice one'), (2, '${alice.id}', 'alice two'), (3, '${bob.id}', 'bob one');
      grant select, insert, update, delete on public.todos to anon, authenticated;`,
  });
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${ref}/auth/policies`);
  const todos = page.getByRole('group', { name: 'Table todos' });
  await expect(todos.getByText('RLS disabled')).toBeVisible();
  await expect(page.getByText('Your table is publicly readable and writable; anyone with the anon key can modify or delete data.')).toBeVisible();

  // Toggle RLS on, after a confirmation.
  await todos.getByRole('button', { name: 'Enable RLS' }).click();
  await page.getByRole('dialog', { name: 'Enable row level security for todos?' }).getByRole('button', { name: 'Enable RLS' }).click();
  await expect(todos.getByText('RLS enabled')).toBeVisible();

  // Create a policy from a template.
  await todos.getByRole('button', { name: 'Create policy' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('button', { name: /Create a policy from a template/ }).click();
  await expect(page.getByRole('dialog', { name: 'Select a template to use for your new policy' })).toBeVisible();
  await editor.getByRole('option', { name: /Allow read access to everyone/ }).click();
  await editor.getByRole('button', { name: 'Use this template' }).click();
  await expect(page.getByRole('dialog', { name: 'Adding new policy to public.todos' })).toBeVisible();
  await editor.getByRole('button', { name: 'Review' }).click();
  await expect(editor.getByTestId('policy-review')).toContainText('create policy "Everyone can read" on "public"."todos"');
  await editor.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Policy successfully saved!').first()).toBeVisible();
  const row = page.getByRole('group', { name: 'Policy Everyone can read' });
  await expect(row).toContainText('USING true');

  // Edit it: the validation messages, then own rows only, for signed-in users.
  await row.getByRole('button', { name: 'Actions for policy Everyone can read' }).click();
  await page.getByRole('menuitem', { name: /Edit policy/ }).click();
  await expect(page.getByRole('dialog', { name: 'Editing policy from public.todos' })).toBeVisible();
  await expect(editor.getByRole('radio', { name: 'INSERT' })).toBeDisabled();
  await editor.getByRole('textbox', { name: 'Policy name' }).fill('');
  const usingField = editor.getByRole('textbox', { name: 'USING expression' });
  await fillExpression(page, usingField, ' ');
  await editor.getByRole('button', { name: 'Review' }).click();
  await expect(editor.getByText('Do give your policy a name')).toBeVisible();
  await expect(editor.getByText('Did you forget to provide a USING expression for your policy?')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Policy name' }).fill('Own todos');
  // The expression field completes auth.uid() and the table's columns.
  await fillExpression(page, usingField, 'auth.u');
  await expect(editor.getByRole('option', { name: /auth\.uid\(\)/ })).toBeVisible();
  // Keys typed right after a completion is accepted land after it, in order.
  await page.keyboard.press('Enter');
  await page.keyboard.type(' = user_');
  await expect(editor.getByRole('option', { name: /user_id/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(usingField).toHaveValue('auth.uid() = user_id');
  await editor.getByRole('checkbox', { name: 'authenticated' }).check();

  // Test the draft as each user: they see their own rows only.
  await editor.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByRole('dialog', { name: 'Testing policy on public.todos' })).toBeVisible();
  await editor.getByRole('radio', { name: 'A user of this project' }).check();
  const userSelect = editor.getByRole('combobox', { name: 'User' });
  await userSelect.selectOption({ label: alice.email });
  await editor.getByRole('button', { name: 'Run test' }).click();
  await expect(editor.getByRole('status')).toHaveText('As authenticated: sees 2 of 3 rows. Nothing was changed.');
  await expect(editor.getByRole('row', { name: /alice one/ })).toContainText('by Own todos');
  await userSelect.selectOption({ label: bob.email });
  await editor.getByRole('button', { name: 'Run test' }).click();
  await expect(editor.getByRole('status')).toHaveText('As authenticated: sees 1 of 3 rows. Nothing was changed.');
  await expect(editor.getByRole('row', { name: /bob one/ })).toContainText('Yes');

  await editor.getByRole('button', { name: 'Review' }).click();
  await expect(editor.getByTestId('policy-review')).toContainText('alter policy "Everyone can read" on "public"."todos"\nto "authenticated"\nusing (auth.uid() = user_id);');
  await editor.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByRole('group', { name: 'Policy Own todos' })).toContainText('authenticated');
  const count = await session.client.database.runQuery(ref, { query: 'select count(*)::int as n from public.todos' });
  expect(count.rows[0]).toEqual({ n: 3 });

  // A read-only member sees the page with its buttons disabled, and why.
  const member = await addReadOnlyMember(session, orgSlug);
  const memberContext = await browser.newContext();
  await member.session.shareWith(memberContext);
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${baseUrl}/project/${ref}/auth/policies`);
  const memberTodos = memberPage.getByRole('group', { name: 'Table todos' });
  const create = memberTodos.getByRole('button', { name: 'Create policy' });
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  await expect(memberTodos.getByRole('button', { name: 'Disable RLS' })).toHaveAttribute('aria-disabled', 'true');
  await create.hover();
  await expect(memberPage.getByText('You need additional permissions to create RLS policies')).toBeVisible();
  await memberContext.close();
});
