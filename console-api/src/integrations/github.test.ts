import { createHash, randomUUID } from 'node:crypto';
import { sign as signWebhook } from '@octokit/webhooks-methods';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey as JoseKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchingClient, type OrganizationIntegration } from '@plinth/contracts-settings';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import { GitHubAppHost } from './code-host';

// The GitHub provider against a local HTTP stand-in for GitHub's REST API: the stand-in checks the
// app's JWT (RS256, issued by the app id) with the app's public key before it hands out an
// installation token, and answers the installation's repositories and a repository's branches
// only to that token.

const APP_ID = '4242';
const INSTALLATION = 77;
const TOKEN = 'ghs_installation_token_77';
let publicKey: JoseKey;
let privatePem: string;
let server: Server;
let apiUrl: string;
const seen = { jwtsAccepted: 0, jwtsRefused: 0 };

// The repository's files at each commit (and the commit each branch points at), as GitHub's contents
// and git blobs APIs serve them.
const commits = new Map<string, Record<string, string>>();
const heads: Record<string, string> = { main: 'a'.repeat(40), 'feature-cart': 'b'.repeat(40) };
const blobs = new Map<string, string>();
const blobSha = (text: string) => createHash('sha1').update(text).digest('hex');
function commit(sha: string, files: Record<string, string>) {
  commits.set(sha, files);
  for (const text of Object.values(files)) blobs.set(blobSha(text), text);
}
const WEBHOOK_SECRET = 'webhook-secret-for-tests';
const APP_SLUG = 'plinth-test-app';
const WEB_URL = 'https://github.test';

function json(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

let h: TestHarness;
const saved = { ...process.env };
beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  publicKey = pair.publicKey;
  privatePem = await exportPKCS8(pair.privateKey);
  server = createServer((req, res) => {
    void (async () => {
      const auth = req.headers.authorization ?? '';
      if (req.method === 'POST' && req.url === `/app/installations/${INSTALLATION}/access_tokens`) {
        try {
          await jwtVerify(auth.replace(/^Bearer /, ''), publicKey, { issuer: APP_ID, algorithms: ['RS256'] });
          seen.jwtsAccepted++;
          return json(res, 201, { token: TOKEN });
        } catch {
          seen.jwtsRefused++;
          return json(res, 401, { message: 'A JSON web token could not be decoded' });
        }
      }
      const installation = /^\/app\/installations\/(\d+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && installation) {
        try {
          await jwtVerify(auth.replace(/^Bearer /, ''), publicKey, { issuer: APP_ID, algorithms: ['RS256'] });
        } catch {
          return json(res, 401, { message: 'A JSON web token could not be decoded' });
        }
        if (Number(installation[1]) !== INSTALLATION) return json(res, 404, { message: 'Not Found' });
        return json(res, 200, { id: INSTALLATION, account: { login: 'acme', type: 'Organization' } });
      }
      if (auth !== `token ${TOKEN}`) return json(res, 401, { message: 'Bad credentials' });
      if (req.url?.startsWith('/installation/repositories')) {
        return json(res, 200, { total_count: 1, repositories: [{ id: 501, name: 'shop', full_name: 'acme/shop', owner: { login: 'acme' }, default_branch: 'main' }] });
      }
      if (req.url?.startsWith('/repos/acme/shop/branches')) {
        return json(res, 200, Object.entries(heads).map(([name, sha]) => ({ name, commit: { sha } })));
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname === '/repos/acme/shop/contents/supabase/migrations') {
        const rev = url.searchParams.get('ref') ?? 'main';
        const files = commits.get(heads[rev] ?? rev);
        const listed = Object.entries(files ?? {}).filter(([p]) => p.startsWith('supabase/migrations/'));
        if (!listed.length) return json(res, 404, { message: 'Not Found' });
        return json(res, 200, listed.map(([p, text]) => ({ type: 'file', name: p.split('/').pop(), path: p, sha: blobSha(text) })));
      }
      const blob = /^\/repos\/acme\/shop\/git\/blobs\/([0-9a-f]{40})$/.exec(url.pathname);
      if (blob && blobs.has(blob[1]!)) return json(res, 200, { sha: blob[1], encoding: 'base64', content: Buffer.from(blobs.get(blob[1]!)!).toString('base64') });
      return json(res, 404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, { GITHUB_APP_ID: APP_ID, GITHUB_APP_PRIVATE_KEY: privatePem, GITHUB_API_URL: apiUrl, GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET, GITHUB_APP_SLUG: APP_SLUG, GITHUB_WEB_URL: WEB_URL });
  h = await createTestHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
  for (const k of ['GITHUB_APP_ID', 'GITHUB_APP_PRIVATE_KEY', 'GITHUB_API_URL', 'GITHUB_WEBHOOK_SECRET', 'GITHUB_APP_SLUG', 'GITHUB_WEB_URL']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await new Promise((resolve) => server?.close(resolve));
});

describe('installing the GitHub App from the console', () => {
  it("sends the browser to the app's install page with a signed state, and GitHub's setup redirect records the installation for the organization", async () => {
    const { user, org } = await h.userWithProject();
    const { url } = await createBranchingClient(user.api.http).githubInstallLink(org.slug);
    const install = new URL(url!);
    expect(`${install.origin}${install.pathname}`).toBe(`${WEB_URL}/apps/${APP_SLUG}/installations/new`);
    const state = install.searchParams.get('state')!;
    const setup = (as: TestUser, query: string) => as.fetch(`/api/integrations/github/setup?${query}`, { redirect: 'manual' });

    // A changed state, another user's session, an installation GitHub does not know: refused.
    const forged = await setup(user, `installation_id=${INSTALLATION}&setup_action=install&state=${state.slice(0, -2)}xx`);
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toMatch(/^This GitHub App install link is not valid or has expired/);
    const stranger = await h.signUp();
    expect((await setup(stranger, `installation_id=${INSTALLATION}&state=${state}`)).status).toBe(403);
    const unknown = await setup(user, `installation_id=999&setup_action=install&state=${state}`);
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe(`/org/${org.slug}/integrations?install_error=${encodeURIComponent('Not found on GitHub')}`);
    expect(await user.api.integrations.listIntegrations(org.slug)).toEqual([]);

    const done = await setup(user, `installation_id=${INSTALLATION}&setup_action=install&state=${state}`);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/org/${org.slug}/integrations?installed=acme`);
    const [integration] = await user.api.integrations.listIntegrations(org.slug);
    expect(integration).toMatchObject({ integration: { name: 'GitHub' }, metadata: { installation_id: INSTALLATION, account: { name: 'acme' } } });
    // Installed again (GitHub's "update"): the same integration keeps the installation.
    expect((await setup(user, `installation_id=${INSTALLATION}&setup_action=update&state=${state}`)).status).toBe(303);
    expect((await user.api.integrations.listIntegrations(org.slug)).map((i) => i.id)).toEqual([integration!.id]);
    expect(await user.api.integrations.listRepositories(integration!.id)).toMatchObject({ repositories: [{ full_name: 'acme/shop' }] });
  });
});

describe('GitHub as the code host', () => {
  it('lists the installation repositories and branches, connects and disconnects one, and enables branching from its branch', async () => {
    const { user, org, project } = await h.userWithProject();
    const before = seen.jwtsAccepted;
    const integration = await createBranchingClient(user.api.http).installIntegration(org.slug, { integration_name: 'GitHub', installation_id: INSTALLATION });
    expect(integration.metadata.installation_id).toBe(INSTALLATION);

    expect(await user.api.integrations.listRepositories(integration.id)).toEqual({ repositories: [{ id: 501, name: 'shop', owner: 'acme', full_name: 'acme/shop', default_branch: 'main' }] });
    expect((await user.api.integrations.listGitBranches(integration.id, 'acme', 'shop')).map((b) => b.name)).toEqual(['main', 'feature-cart']);
    await expect(user.api.integrations.listGitBranches(integration.id, 'acme', 'elsewhere')).rejects.toMatchObject({ status: 404, message: 'Repository not found: acme/elsewhere' });
    expect(seen.jwtsAccepted).toBeGreaterThan(before);

    const connect = (repo: string) =>
      user.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: repo } });
    await expect(connect('someone/else')).rejects.toMatchObject({ status: 404 });
    const connection = await connect('acme/shop');
    const branching = createBranchingClient(user.api.http);
    await expect(branching.enableBranching(project.ref, { git_branch: 'nope' })).rejects.toMatchObject({ status: 400 });
    expect(await branching.enableBranching(project.ref, { git_branch: 'feature-cart' })).toEqual({ is_branch_enabled: true, git_branch: 'feature-cart' });
    await user.api.integrations.deleteConnection(connection.id);
    expect((await user.api.integrations.listIntegrations(org.slug))[0]!.connections).toEqual([]);
  });

  it('an integration without an installation is told to install the app; a JWT signed with another key is refused by GitHub', async () => {
    const { user, org } = await h.userWithProject();
    const integration = await user.api.integrations.createIntegration(org.slug, { integration_name: 'GitHub' });
    await expect(user.api.integrations.listRepositories(integration.id)).rejects.toMatchObject({ status: 409, code: 'NO_INSTALLATION' });

    const other = await exportPKCS8((await generateKeyPair('RS256', { extractable: true })).privateKey);
    const refusedBefore = seen.jwtsRefused;
    const impostor = new GitHubAppHost({ appId: APP_ID, privateKey: other, apiUrl });
    const installed = { ...integration, metadata: { ...integration.metadata, installation_id: INSTALLATION } } as OrganizationIntegration;
    await expect(impostor.listRepositories(installed)).rejects.toMatchObject({ status: 502, message: 'GitHub answered 401' });
    expect(seen.jwtsRefused).toBe(refusedBefore + 1);
  });
});

async function sql<T = Record<string, unknown>>(u: TestUser, ref: string, query: string): Promise<T[]> {
  const r = await runSqlAs<{ rows?: T[] }>(u, ref, { query });
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${r.body.message}`);
  return r.body.rows ?? [];
}
const hasTable = async (u: TestUser, ref: string, table: string) => (await sql<{ t: boolean }>(u, ref, `select to_regclass('public.${table}') is not null as t`))[0]!.t;

/** A project connected to acme/shop through the app's installation, with a preview branch following feature-cart. */
async function connectedBranch() {
  const { user, org, project } = await h.userWithProject();
  const branching = createBranchingClient(user.api.http);
  const integration = await branching.installIntegration(org.slug, { integration_name: 'GitHub', installation_id: INSTALLATION });
  await user.api.integrations.createConnection({ organization_integration_id: integration.id, connection: { supabase_project_ref: project.ref, foreign_project_id: 'acme/shop' } });
  await branching.enableBranching(project.ref, { git_branch: 'main' });
  const branch = await branching.createPreviewBranch(project.ref, { branch_name: 'cart', git_branch: 'feature-cart' });
  return { user, project, branch, branching };
}

const push = (after: string, gitBranch = 'feature-cart', installation = INSTALLATION) =>
  JSON.stringify({ ref: `refs/heads/${gitBranch}`, before: '0'.repeat(40), after, repository: { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' } }, installation: { id: installation } });
const sign = (body: string, secret = WEBHOOK_SECRET) => signWebhook(secret, body);
const deliver = (body: string, headers: Record<string, string>, delivery: string = randomUUID()) =>
  h.app.inject({ method: 'POST', url: '/api/webhooks/github', payload: body, headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': delivery, ...headers } });

describe("GitHub's push webhook", () => {
  it('a push signed with the secret runs the migrations at the pushed commit on the branches following that git branch, once per delivery', async () => {
    const { user, project, branch, branching } = await connectedBranch();
    const first = 'c'.repeat(40);
    commit(first, {
      'supabase/migrations/20260101000000_items.sql': 'create table public.items (id int primary key, name text);',
      'supabase/migrations/README.md': 'not a migration',
    });
    const body = push(first);
    const delivery = randomUUID();
    const ok = await deliver(body, { 'x-hub-signature-256': await sign(body) }, delivery);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ delivery, runs: [{ branch_id: branch.id, project_ref: branch.project_ref, ok: true, applied: ['20260101000000'] }] });
    expect(await hasTable(user, branch.project_ref, 'items')).toBe(true);
    expect(await hasTable(user, project.ref, 'items')).toBe(false);
    const runs = await branching.listMigrationRuns(branch.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ git_branch: 'feature-cart', ok: true, entries: [{ version: '20260101000000', name: 'items', status: 'applied' }] });

    // GitHub redelivers: the same delivery id is handled once.
    const again = await deliver(body, { 'x-hub-signature-256': await sign(body) }, delivery);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: `Delivery ${delivery} was already handled`, runs: [] });
    expect(await branching.listMigrationRuns(branch.id)).toHaveLength(1);

    // The next push adds a migration: only the new one runs.
    const second = 'd'.repeat(40);
    commit(second, {
      'supabase/migrations/20260101000000_items.sql': 'create table public.items (id int primary key, name text);',
      'supabase/migrations/20260102000000_orders.sql': 'create table public.orders (id int primary key, item int references public.items (id));',
    });
    const next = push(second);
    expect((await deliver(next, { 'x-hub-signature-256': await sign(next) })).json()).toMatchObject({ runs: [{ applied: ['20260102000000'] }] });
    expect(await hasTable(user, branch.project_ref, 'orders')).toBe(true);

    // A push to a git branch no preview branch follows runs nothing; nor does one from another installation.
    const other = push(second, 'main');
    expect((await deliver(other, { 'x-hub-signature-256': await sign(other) })).json()).toMatchObject({ message: 'No preview branch follows this git branch', runs: [] });
    const foreign = push(second, 'feature-cart', INSTALLATION + 1);
    expect((await deliver(foreign, { 'x-hub-signature-256': await sign(foreign) })).json()).toMatchObject({ runs: [] });
  });

  it('an unsigned or badly signed delivery is refused with 401 and changes nothing', async () => {
    const { user, branch, branching } = await connectedBranch();
    const sha = 'e'.repeat(40);
    commit(sha, { 'supabase/migrations/20260201000000_evil.sql': 'create table public.evil (id int);' });
    const body = push(sha);
    const cases: Record<string, string>[] = [
      {},
      { 'x-hub-signature-256': await sign(body, 'another secret') },
      { 'x-hub-signature-256': await sign(push('f'.repeat(40))) },
      { 'x-hub-signature-256': 'sha256=zz' },
      { 'x-hub-signature-256': (await sign(body)).replace('sha256=', 'sha1=') },
    ];
    for (const headers of cases) {
      const res = await deliver(body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/X-Hub-Signature-256 is missing|does not match/);
    }
    expect(await hasTable(user, branch.project_ref, 'evil')).toBe(false);
    expect(await branching.listMigrationRuns(branch.id)).toEqual([]);
    // No session and no CSRF token needed: the signature alone lets it in.
    const signed = await deliver(body, { 'x-hub-signature-256': await sign(body) });
    expect(signed.statusCode).toBe(200);
    expect(await hasTable(user, branch.project_ref, 'evil')).toBe(true);
  });

  it('running migrations from the branches page reads the GitHub-hosted repository at the git branch', async () => {
    const { user, branch, branching } = await connectedBranch();
    const sha = '1'.repeat(40);
    commit(sha, { 'supabase/migrations/20260301000000_notes.sql': 'create table public.notes (id int primary key, body text);' });
    heads['feature-cart'] = sha;
    try {
      const run = await branching.runMigrations(branch.id);
      expect(run).toMatchObject({ ok: true, entries: [{ version: '20260301000000', name: 'notes', status: 'applied' }] });
      expect(await hasTable(user, branch.project_ref, 'notes')).toBe(true);
    } finally {
      heads['feature-cart'] = 'b'.repeat(40);
    }
  });
});
