// Runs in the real API's worker thread (worker.mjs loads it through tsx), never in a test's jsdom
// realm nor in a bundle: the console API on an embedded database, opened on a copy of a prepared
// data directory (a signed-up user, an organization and a project), answering the messages of
// index.ts. Test files talk to it through `fetch` messages; this side keeps the session cookie.
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
// eslint-disable-next-line no-restricted-imports, import/no-restricted-paths -- tests only: the real API's harness runs the server (never imported by an area's code)
import { CookieJar, copyDirectory, createTestHarness } from '@plinth/platform-api/testing';
// eslint-disable-next-line no-restricted-imports, import/no-restricted-paths -- tests only: the real API's harness runs the server (never imported by an area's code)
import { createApiClient } from '@plinth/platform-api/testing/api-client';
// eslint-disable-next-line no-restricted-imports, import/no-restricted-paths -- tests only: the real API's harness runs the server (never imported by an area's code)
import { buildServer } from '@plinth/platform-api/server';
import type { ToWorker, FromWorker, RealApiIdentity, AppCall, ServedResponse } from './messages';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** What the prepared data directory depends on: the server packages' code (tests aside). */
const SERVER_PACKAGES = ['platform-core', 'project-services', 'console-api', 'platform-api'];
const PASSWORD = 'real api test password 1';

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (/\.(ts|sql|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** A hash of the server packages' sources and this file: a change to any of them prepares the data directory again. */
async function serverHash(): Promise<string> {
  // This file too: it is what prepares the directory.
  const hash = createHash('sha256').update(await readFile(fileURLToPath(import.meta.url)));
  for (const pkg of SERVER_PACKAGES) {
    const files = (await sourceFiles(path.join(ROOT, pkg, 'src'))).sort();
    for (const file of files) hash.update(path.relative(ROOT, file)).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The prepared data directory (built once per server version and kept in the temporary
 * directory): a user who signed up, their organization and an ACTIVE_HEALTHY project in it, made
 * through the API. Nothing about the project is called but its creation and status, so its logs
 * are empty.
 */
async function prepared(): Promise<{ dir: string; identity: RealApiIdentity }> {
  const name = `plinth-real-api-${await serverHash()}`;
  const dir = path.join(os.tmpdir(), name);
  // One test file prepares it; the others of the run wait for it (a lock left for 5 minutes is stale).
  const lock = `${dir}.lock`;
  let took = false;
  while (!(await exists(path.join(dir, 'READY')))) {
    took = await mkdir(lock).then(
      () => true,
      () => false,
    );
    if (took) break;
    const held = await stat(lock).catch(() => null);
    if (held && held.mtimeMs < Date.now() - 5 * 60_000) await rm(lock, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (took) await build(name, dir).finally(() => rm(lock, { recursive: true, force: true }));
  // READY's time is the last use, which dropStalePrepared reads.
  const now = new Date();
  await utimes(path.join(dir, 'READY'), now, now).catch(() => undefined);
  return { dir, identity: JSON.parse(await readFile(path.join(dir, 'identity.json'), 'utf8')) as RealApiIdentity };
}

/** Makes the prepared directory `dir` (under a temporary name, renamed when complete). */
async function build(name: string, dir: string): Promise<void> {
  if (!(await exists(path.join(dir, 'READY')))) {
    await dropStalePrepared(name);
    const h = await createTestHarness({ spareDatabase: false });
    const user = await h.signUp({ password: PASSWORD });
    const org = await user.api.organizations.create({ name: 'Acme Inc' });
    const project = await user.api.projects.create({ name: 'Test project', organization_slug: org.slug });
    // Status polls are not logged; a GET of the project would be (the edge logs record the console's calls).
    await h.waitForStatus(user, project.ref, 'ACTIVE_HEALTHY');
    await h.app.logStore.flush();
    await h.app.close();
    const cookies = { plinth_session: user.jar.get('plinth_session') ?? '', plinth_csrf: user.jar.get('plinth_csrf') ?? '' };
    const identity: RealApiIdentity = { email: user.email, password: PASSWORD, userId: user.id, organization: { id: org.id, name: org.name, slug: org.slug }, projectRef: project.ref, cookies, anonKey: '', serviceKey: '' };
    const tmp = `${dir}.${randomBytes(4).toString('hex')}`;
    await cp(h.dataDir, path.join(tmp, 'data'), { recursive: true });
    await writeFile(path.join(tmp, 'identity.json'), JSON.stringify(identity));
    await writeFile(path.join(tmp, 'READY'), '');
    await rm(h.dataDir, { recursive: true, force: true });
    try {
      await rename(tmp, dir);
    } catch {
      await rm(tmp, { recursive: true, force: true }); // another test file prepared it first
    }
  }
}

/** Prepared directories of other server versions, unused for a day (each is about 120 MB), go. */
async function dropStalePrepared(current: string): Promise<void> {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const entry of await readdir(os.tmpdir())) {
    if (!/^plinth-real-api-[0-9a-f]{16}$/.test(entry) || entry === current) continue;
    const ready = await stat(path.join(os.tmpdir(), entry, 'READY')).catch(() => null);
    if (ready && ready.mtimeMs < dayAgo) await rm(path.join(os.tmpdir(), entry), { recursive: true, force: true }).catch(() => undefined);
  }
}

let app: Awaited<ReturnType<typeof buildServer>> | undefined;
let dataDir: string | undefined;
const jar = new CookieJar();

/** Starts the API on a copy of the prepared data directory and signs the prepared user in. */
async function start(): Promise<RealApiIdentity> {
  const began = Date.now();
  const { dir, identity } = await prepared();
  const started = Date.now();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-real-api-run-'));
  // The databases are copied; the project template is only ever copied from, so it is shared.
  for (const entry of await readdir(path.join(dir, 'data'))) {
    if (entry === 'template') await symlink(path.join(dir, 'data', entry), path.join(dataDir, entry), 'dir');
    else await copyDirectory(path.join(dir, 'data', entry), path.join(dataDir, entry));
  }
  // As the API's own harness runs it: one address for every client, so the per-address limits are raised.
  const copied = Date.now();
  app = await buildServer({ logger: false, admin: null, spareDatabase: false, dataDir, authLimits: { signUpsPerAddress: 100_000, signInFailuresPerAddress: 100_000 } });
  const built = Date.now();
  // The prepared session, while it lasts (a sign-in costs a password hash).
  for (const [name, value] of Object.entries(identity.cookies)) jar.set(name, value);
  const api = createApiClient({ baseUrl: '/api', fetch: jar.injectFetch(app), csrfToken: () => jar.get('plinth_csrf') });
  if (!(await api.auth.getSession()).user) await api.auth.signIn({ email: identity.email, password: identity.password });
  // The project's database opens before the first test, not during its first screen.
  await app.plinth.databases.get(identity.projectRef);
  if (process.env.PLINTH_REAL_API_TIMING) console.log(`real API: prepared ${started - began} ms, copied ${copied - started} ms, built ${built - copied} ms, signed in ${Date.now() - built} ms`);
  const keys = await app.plinth.control.query<{ anon_key: string; service_role_key: string }>('select anon_key, service_role_key from projects where ref = $1', [identity.projectRef]);
  return { ...identity, anonKey: keys.rows[0]!.anon_key, serviceKey: keys.rows[0]!.service_role_key };
}

async function respond(res: Response): Promise<ServedResponse> {
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => headers.push([name, value]));
  return { status: res.status, headers, body: res.body ? new Uint8Array(await res.arrayBuffer()) : null };
}

/**
 * A request of the console, with the session cookie, and the CSRF token on a write (what the
 * browser and createHttp add). jsdom's document has no CSRF cookie, so code that echoes the
 * cookie itself sends an empty token: it gets the token its cookie would hold in a browser.
 */
async function serve(method: string, url: string, headers: [string, string][], body: Uint8Array | string | null): Promise<ServedResponse> {
  const sent = new Headers(headers);
  const token = jar.get('plinth_csrf');
  if (method !== 'GET' && method !== 'HEAD' && token && !sent.get('x-csrf-token')) sent.set('x-csrf-token', token);
  return respond(await jar.injectFetch(app!)(url, { method, headers: sent, body: (body ?? undefined) as BodyInit | undefined }));
}

/**
 * A call of an app to the project's services (/auth/v1, /rest/v1, /storage/v1), then the log store
 * written out. With `minutesAgo`, the worker's clock runs that much behind while the call is
 * answered, so the log records it then (how a test has calls older than the last hour).
 */
async function appCall(identity: RealApiIdentity, call: AppCall): Promise<ServedResponse> {
  const key = call.key === 'service_role' ? identity.serviceKey : identity.anonKey;
  const headers: Record<string, string> = { apikey: key, authorization: `Bearer ${call.token ?? key}`, ...call.headers };
  let payload: string | undefined;
  if (call.body !== undefined) {
    payload = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  const now = Date.now;
  if (call.minutesAgo) Date.now = () => now() - call.minutesAgo! * 60_000;
  const res = await app!.plinth.services
    .inject({ method: call.method as 'GET', url: `/${identity.projectRef}${call.path}`, headers, payload })
    .finally(() => (Date.now = now));
  await app!.logStore.flush();
  const out = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  const answered: [string, string][] = [];
  out.forEach((value, name) => answered.push([name, value]));
  return { status: res.statusCode, headers: answered, body: new Uint8Array(res.rawPayload) };
}

async function handle(message: ToWorker, identity: () => RealApiIdentity): Promise<FromWorker> {
  switch (message.op) {
    case 'fetch':
      return { id: message.id, ok: true, value: await serve(message.method, message.url, message.headers, message.body) };
    case 'app':
      return { id: message.id, ok: true, value: await appCall(identity(), message.call) };
    case 'flush':
      await app!.logStore.flush();
      return { id: message.id, ok: true, value: null };
    case 'close':
      await app?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      return { id: message.id, ok: true, value: null };
  }
}

export async function run(): Promise<void> {
  const port = parentPort!;
  try {
    await mkdir(os.tmpdir(), { recursive: true });
    const identity = await start();
    port.on('message', (message: ToWorker) => {
      handle(message, () => identity).then(
        (answer) => port.postMessage(answer),
        (error: unknown) => port.postMessage({ id: message.id, ok: false, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) } satisfies FromWorker),
      );
    });
    port.postMessage({ id: 0, ok: true, value: identity } satisfies FromWorker);
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) } satisfies FromWorker);
  }
}
