import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl, SERVER_URL_VARIABLES } from '../support/servers';

// Integrations and branching as an owner uses them: GitHub is installed from the organization's
// integrations page, a repository on the server's disk (the local code-hosting provider) is connected
// to the project with its production branch, branching is enabled, a preview branch is made from a git
// branch as a copy of the project's database, its git branch's migration run on it and merged back
// into the project after review, a new commit on that git branch (the repository's push hook) applied
// on the branch, the branch opened as a project of its own (marked as a branch in the header and the
// switcher), and deleted. GitHub's signed push webhook is covered by the API tests (github.test.ts).

test('install GitHub, connect a repository, enable branching, create a branch, run and merge its migration, push another, open it marked as a branch, delete it', async ({ page, context }) => {
  test.setTimeout(180_000); // two real databases: the project's and its branch's copy
  const baseUrl = serverUrl('production');
  const dataDir = process.env[`${SERVER_URL_VARIABLES.production}_DATA_DIR`];
  if (!dataDir) throw new Error('the production server data directory is not known: run through playwright.config.ts');
  const { session } = await signUpThroughApi(baseUrl, 'branches');
  const project = await createActiveProject(session, 'Shop');
  const repo = path.join(dataDir, 'git', project.orgSlug, 'acme', 'shop');
  mkdirSync(repo, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('commit', '-q', '--allow-empty', '-m', 'first');
  // The feature branch carries a migration (supabase/migrations), which a push runs on the preview branch.
  git('checkout', '-q', '-b', 'feature-login');
  mkdirSync(path.join(repo, 'supabase', 'migrations'), { recursive: true });
  writeFileSync(path.join(repo, 'supabase', 'migrations', '20260101000000_customers.sql'), 'create table public.customers (id serial primary key, name text);\n');
  git('add', '.');
  git('commit', '-q', '-m', 'customers');
  git('checkout', '-q', 'main');
  await session.client.database.runQuery(project.ref, { query: `create table public.orders (id serial primary key, item text); insert into public.orders (item) values ('tea')` });
  // The integration cards are behind integrations_v2, which the organization's owner turns on.
  await session.client.featureFlags.setFeatureFlag(project.orgSlug, 'integrations_v2', true);
  await session.shareWith(context);

  // GitHub installed from the organization's integrations page.
  await page.goto(`${baseUrl}/org/${project.orgSlug}/integrations`);
  const grid = page.getByRole('list', { name: 'Integrations' });
  await grid.getByRole('button', { name: 'Install GitHub' }).click();
  await expect(page.getByText('GitHub installed', { exact: true })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Manage GitHub' })).toBeVisible();

  // The repository connection dialog: a repository, then its branches.
  await page.goto(`${baseUrl}/project/${project.ref}/settings/integrations`);
  const card = page.getByRole('region', { name: 'GitHub connections' });
  await card.getByRole('button', { name: 'Connect repository' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect a repository' });
  await connect.getByLabel('Repository').selectOption('acme/shop');
  await expect(connect.getByLabel('Production branch')).toHaveValue('main');
  await connect.getByRole('checkbox', { name: 'Enable branching from this branch' }).uncheck();
  await connect.getByRole('button', { name: 'Connect' }).click();
  await expect(card.getByRole('list', { name: 'GitHub connections' })).toContainText('acme/shop');

  // The branching enablement dialog.
  await page.goto(`${baseUrl}/project/${project.ref}/branches`);
  await expect(page.getByRole('heading', { name: 'Branching is not enabled' })).toBeVisible();
  await page.getByRole('button', { name: 'Enable branching' }).click();
  const enable = page.getByRole('dialog', { name: 'Enable branching' });
  await enable.getByLabel('Production branch').selectOption('main');
  await enable.getByRole('button', { name: 'Enable branching' }).click();
  await expect(page.getByText('Repository acme/shop · production branch main')).toBeVisible();

  // A branch from a git branch: its database is a copy of the project's (the schema).
  await page.getByRole('button', { name: 'Create branch' }).click();
  const create = page.getByRole('dialog', { name: 'Create branch' });
  await create.getByRole('textbox', { name: 'Branch name' }).fill('login');
  await create.getByLabel('Git branch').selectOption('feature-login');
  await create.getByRole('button', { name: 'Create branch' }).click();
  await expect(page.getByText('Successfully created new branch.', { exact: true })).toBeVisible({ timeout: 60_000 });
  const row = page.getByRole('list', { name: 'Preview branches' }).getByRole('listitem', { name: 'login' });
  await expect(row).toContainText('Git branch feature-login · schema only');
  await expect(row).toContainText('Healthy');
  const [branch] = await session.client.integrations.listBranches(project.ref);
  const copied = await session.client.database.runQuery(branch!.project_ref, { query: 'select count(*)::int as n from public.orders' });
  expect(copied).toMatchObject({ rows: [{ n: 0 }] });

  // The git branch's migration runs on the preview branch, with its log; merged back after review.
  await row.getByRole('button', { name: 'Migrations of login' }).click();
  const migrations = page.getByRole('dialog', { name: 'Migrations of login' });
  await migrations.getByRole('button', { name: 'Run migrations' }).click();
  await expect(migrations.getByRole('list', { name: 'Migration runs' })).toContainText('20260101000000_customers: applied');
  await migrations.getByRole('button', { name: 'Close' }).first().click();
  await row.getByRole('button', { name: 'Merge login' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge login into the main project?' });
  await expect(merge.getByRole('list', { name: 'Migrations to merge' })).toContainText('create table public.customers');
  await merge.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Merged 1 migration of login into the main project', { exact: true })).toBeVisible();
  expect(await session.client.database.runQuery(project.ref, { query: `select to_regclass('public.customers') is not null as merged` })).toMatchObject({ rows: [{ merged: true }] });

  // A commit on feature-login: the repository's push hook (written when it was connected) runs the new migration on the branch.
  git('checkout', '-q', 'feature-login');
  writeFileSync(path.join(repo, 'supabase', 'migrations', '20260102000000_addresses.sql'), 'create table public.addresses (id serial primary key, line text);\n');
  git('add', '.');
  const pushed = spawnSync('git', ['-C', repo, '-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', 'commit', '-q', '-m', 'addresses'], { encoding: 'utf8' });
  git('checkout', '-q', 'main');
  expect(pushed.status).toBe(0);
  expect(pushed.stderr).toContain(`Plinth: ran the migrations of feature-login on branch project ${branch!.project_ref} (applied 20260102000000)`);
  await row.getByRole('button', { name: 'Migrations of login' }).click();
  await expect(migrations.getByRole('list', { name: 'Migration runs' })).toContainText('20260102000000_addresses: applied');
  await migrations.getByRole('button', { name: 'Close' }).first().click();
  expect(await session.client.database.runQuery(branch!.project_ref, { query: `select to_regclass('public.addresses') is not null as pushed` })).toMatchObject({ rows: [{ pushed: true }] });

  // Opened, the branch is a project of its own, marked as a branch in the header and the switcher.
  await row.getByRole('link', { name: 'Open branch login' }).click();
  await expect(page).toHaveURL(`${baseUrl}/project/${branch!.project_ref}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Branch', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Project: Shop \(login\) \(branch\)/ })).toBeVisible();

  // Deleted from its main project's branches page.
  await page.goto(`${baseUrl}/project/${project.ref}/branches`);
  await page.getByRole('button', { name: 'Delete login' }).click();
  await page.getByRole('dialog', { name: 'Delete branch login?' }).getByRole('button', { name: 'Delete branch' }).click();
  await expect(page.getByRole('heading', { name: 'No preview branches yet' })).toBeVisible({ timeout: 30_000 });
  await expect(session.client.projects.get(branch!.project_ref)).rejects.toMatchObject({ status: 404 });
});
