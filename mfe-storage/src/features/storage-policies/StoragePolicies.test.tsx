import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import type { PolicyCreate } from '@plinth/contracts-database';
import type { BucketCreate } from '@plinth/contracts-storage';
import { ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { policyNames, withBuckets, withPolicies } from '../../testing/real-api';
import { bucketHash } from './storage-templates';

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });

interface Seed {
  buckets?: BucketCreate[];
  policies?: Omit<PolicyCreate, 'schema'>[];
}

/** The project with these buckets and storage policies (through the API); the policies page. */
async function setup(seed: Seed = {}, permissions?: readonly string[]) {
  await withBuckets(api, seed.buckets ?? []);
  await withPolicies(api, seed.policies ?? []);
  const view = renderArea('storage/policies', { api, permissions });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}

/** Buckets avatars and videos; a policy for avatars alone, one for both, one on storage.buckets. */
const seeded = (): Required<Seed> => ({
  buckets: [{ id: 'avatars' }, { id: 'videos' }],
  policies: [
    { name: 'Anyone reads avatars', table: 'objects', command: 'SELECT', definition: "bucket_id = 'avatars'" },
    { name: 'Avatars and videos', table: 'objects', command: 'SELECT', definition: "bucket_id = any (array['avatars', 'videos'])" },
    { name: 'List buckets', table: 'buckets', command: 'SELECT', definition: 'true' },
  ],
});

describe('storage policies page', { timeout: 40_000 }, () => {
  it('shows a panel per bucket with its own policies, then the other ones and those on storage.buckets', async () => {
    await setup(seeded());
    expect(await screen.findByRole('heading', { name: 'Storage policies', level: 1 })).toBeTruthy();
    const avatars = await screen.findByRole('region', { name: 'avatars' });
    expect(within(avatars).getByRole('listitem', { name: 'Policy Anyone reads avatars' })).toBeTruthy();
    expect(within(avatars).queryByText('Avatars and videos')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'videos' })).getByText('No policies created yet')).toBeTruthy();
    const other = screen.getByRole('region', { name: 'Other policies under storage.objects' });
    expect(within(other).getByText('Avatars and videos')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Policies under storage.buckets' })).getByText('List buckets')).toBeTruthy();
  });

  it('asks for a bucket first when there is none', async () => {
    await setup({ buckets: [] });
    expect(await screen.findByText('Create a bucket first to start writing policies!')).toBeTruthy();
  });

  it('shows the failure with a retry that loads the page', async () => {
    api.failures['database.listPolicies'] = { status: 500, message: 'database unavailable' };
    await setup(seeded());
    expect(await screen.findByText('Failed to load the storage policies')).toBeTruthy();
    delete api.failures['database.listPolicies'];
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('region', { name: 'avatars' })).toBeTruthy();
  });

  it('creates the policies of a template for a bucket, one per operation, and says so', async () => {
    const { user, api, notices } = await setup(seeded());
    await user.click(await screen.findByRole('button', { name: 'New policy for videos' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: /Get started quickly/ }));
    await user.click(await screen.findByRole('option', { name: /Give users access to a folder named after their user id/ }));
    await user.click(screen.getByRole('button', { name: 'Use this template' }));
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const created = api.argsOf('database.createPolicy').map(([, body]) => body as { name: string; command: string; definition: string | null; check: string | null });
    const expression = "bucket_id = 'videos' and (storage.foldername(name))[1] = auth.uid()::text";
    expect(created.map((p) => [p.name, p.command, p.definition, p.check])).toEqual([
      [`Users work in their own folder ${bucketHash('videos')}_0`, 'SELECT', expression, null],
      [`Users work in their own folder ${bucketHash('videos')}_1`, 'INSERT', null, expression],
      [`Users work in their own folder ${bucketHash('videos')}_2`, 'UPDATE', expression, null],
      [`Users work in their own folder ${bucketHash('videos')}_3`, 'DELETE', expression, null],
    ]);
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Successfully saved policy!' }));
    expect((await policyNames(api)).filter((name) => name.startsWith('Users work in their own folder'))).toEqual([0, 1, 2, 3].map((i) => `Users work in their own folder ${bucketHash('videos')}_${i}`));
  });

  it('drops the policies already made when one is refused, and goes back to the editor with the error', async () => {
    const seed = seeded();
    seed.policies.push({ name: `Users work in their own folder ${bucketHash('videos')}_2`, table: 'objects', command: 'SELECT', definition: 'true' });
    const { user, api, notices } = await setup(seed);
    await user.click(await screen.findByRole('button', { name: 'New policy for videos' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: /Get started quickly/ }));
    await user.click(await screen.findByRole('option', { name: /Give users access to a folder named after their user id/ }));
    await user.click(screen.getByRole('button', { name: 'Use this template' }));
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText(/^Error adding policy: policy "Users work in their own folder \w+_2" for table "objects" already exists$/)).toBeTruthy();
    expect(api.argsOf('database.createPolicy')).toHaveLength(3);
    expect(api.argsOf('database.deletePolicy')).toHaveLength(2);
    expect((await policyNames(api)).filter((name) => name.startsWith('Users work in their own folder'))).toEqual([`Users work in their own folder ${bucketHash('videos')}_2`]);
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
    expect(notices).not.toContainEqual({ kind: 'success', message: 'Successfully saved policy!' });
  });

  it('starts a policy from scratch with the bucket prefilled, tells what Review needs, and reviews one statement per operation', async () => {
    const { user, api, notices } = await setup(seeded());
    await user.click(await screen.findByRole('button', { name: 'New policy for videos' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: /Create a policy from scratch/ }));
    expect((screen.getByRole('textbox', { name: 'Policy definition' }) as HTMLTextAreaElement).value).toBe("bucket_id = 'videos'");
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Do give your policy a name')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Policy name' }) as HTMLInputElement;
    await user.click(name);
    await user.paste('x'.repeat(55));
    expect(name.value).toBe('x'.repeat(50));
    expect(screen.getByText('50/50')).toBeTruthy();
    await user.clear(name);
    await user.paste('Videos for everyone');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('You will need to allow at least one operation in your policy')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'SELECT' }));
    await user.click(screen.getByRole('checkbox', { name: 'INSERT' }));
    await user.click(screen.getByRole('checkbox', { name: 'anon' }));
    await user.clear(screen.getByRole('textbox', { name: 'Policy definition' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Did you forget to provide a definition for your policy?')).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'Policy definition' }));
    await user.paste("bucket_id = 'videos'");
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const review = await screen.findByTestId('policy-review');
    const hash = bucketHash('videos');
    expect(review.textContent).toContain(`create policy "Videos for everyone ${hash}_0" on "storage"."objects"`);
    expect(review.textContent).toMatch(/for SELECT to "anon"\s*using \(bucket_id = 'videos'\)/);
    expect(review.textContent).toMatch(new RegExp(`"Videos for everyone ${hash}_1"[\\s\\S]*for INSERT to "anon"\\s*with check \\(bucket_id = 'videos'\\);`));
    expect(review.textContent?.match(/create policy/g)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    expect((screen.getByRole('textbox', { name: 'Policy name' }) as HTMLInputElement).value).toBe('Videos for everyone');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.argsOf('database.createPolicy').map(([, body]) => (body as { command: string }).command)).toEqual(['SELECT', 'INSERT']);
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Successfully saved policy!' }));
    expect(await screen.findByRole('listitem', { name: `Policy Videos for everyone ${hash}_1` })).toBeTruthy();
  }, 60_000);

  it('updates an existing policy as one policy, says why it failed, and asks before discarding changes', async () => {
    const { user, api, notices } = await setup(seeded());
    api.failures['database.updatePolicy'] = { status: 400, message: 'syntax error at or near "="' };
    await user.click(await screen.findByRole('button', { name: 'Actions for policy Anyone reads avatars' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit policy' }));
    await findDialog();
    const name = await screen.findByRole('textbox', { name: 'Policy name' });
    expect((screen.getByRole('checkbox', { name: 'SELECT' }) as HTMLInputElement).checked).toBe(true);
    await user.click(name);
    await user.paste(' too');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(within(await screen.findByTestId('policy-review')).getAllByText(/alter policy/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Error updating policy: syntax error at or near "="')).toBeTruthy();
    expect(notices).toContainEqual({ kind: 'error', message: 'Error updating policy: syntax error at or near "="' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Policy name' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await policyNames(api)).toEqual(['Anyone reads avatars', 'Avatars and videos', 'List buckets']);
  }, 60_000);

  it('by keyboard: each step takes focus (first choice, policy name, Save), Enter in the name reviews, Escape asks on Keep editing', async () => {
    const { user } = await setup(seeded());
    const open = await screen.findByRole('button', { name: 'New policy for videos' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await findDialog();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: /Get started quickly/ })));
    await user.keyboard('{Tab}{Enter}');
    const name = await screen.findByRole('textbox', { name: 'Policy name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.keyboard('Videos for everyone');
    await user.click(screen.getByRole('checkbox', { name: 'SELECT' }));
    name.focus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('policy-review');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save policy' })));
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Policy name' })));
    await user.keyboard('{Escape}');
    const discard = await findDialog('Discard changes?');
    await waitFor(() => expect(document.activeElement).toBe(within(discard).getByRole('button', { name: 'Keep editing' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Policy name' }) as HTMLInputElement).value).toBe('Videos for everyone');
  }, 60_000);

  it('deletes a policy once its name is typed', async () => {
    const { user, api, notices } = await setup(seeded());
    await user.click(await screen.findByRole('button', { name: 'Actions for policy Anyone reads avatars' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete policy' }));
    const dialog = await findDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Delete policy' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), 'Anyone reads avatars');
    await user.click(confirm);
    // The notice comes with the server's answer.
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Successfully deleted policy!' }));
    expect(await policyNames(api)).toEqual(['Avatars and videos', 'List buckets']);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Policy Anyone reads avatars' })).toBeNull());
  });

  it('tells a read-only member why creating and editing are disabled', async () => {
    const { user, api } = await setup(seeded(), ROLE_PERMISSIONS['Read-only']);
    const create = await screen.findByRole('button', { name: 'New policy for avatars' });
    expect(create.getAttribute('aria-disabled') === 'true' || (create as HTMLButtonElement).disabled).toBe(true);
    await user.hover(create);
    expect((await screen.findAllByText('You need additional permissions to create RLS policies')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Actions for policy Anyone reads avatars' }));
    expect((await screen.findAllByText('You need additional permissions to edit RLS policies')).length).toBeGreaterThan(0);
    expect(api.writes()).toEqual([]);
  });
});
