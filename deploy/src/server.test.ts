import { createHash } from 'node:crypto';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { promote } from './environments';
import { publishAll, publishArea } from './publish';
import { createConsoleServer } from './server';
import { areaManifest, temporaryDirs, writeAreaBuild, writeShellBuild } from './test-fixtures';
import { chooseEncoding } from './static-files';
import type { DeployDirs } from './paths';

const AREAS = ['storage', 'auth-policies', 'sql-editor', 'logs', 'settings-billing'] as const;

async function publishedWorkspace(): Promise<DeployDirs> {
  const dirs = await temporaryDirs();
  await writeAreaBuild(dirs, 'storage', '1.0.0', 'console.log("older storage")');
  await publishArea({ area: 'storage', dirs });
  for (const area of AREAS) await writeAreaBuild(dirs, area, area === 'storage' ? '1.1.0' : '1.0.0');
  await writeShellBuild(dirs);
  await publishAll({ dirs });
  for (const area of AREAS) await promote('production', area, area === 'storage' ? '1.1.0' : '1.0.0', dirs);
  await promote('staging', 'storage', '1.0.0', dirs);
  return dirs;
}

describe('console server routing', () => {
  let dirs: DeployDirs;
  let production: FastifyInstance;
  let staging: FastifyInstance;

  beforeAll(async () => {
    dirs = await publishedWorkspace();
    production = await createConsoleServer({ env: 'production', dirs, api: 'none' });
    staging = await createConsoleServer({ env: 'staging', dirs, api: 'none' });
  });
  afterAll(async () => {
    await production.close();
    await staging.close();
  });

  it('answers /environment.json with the environment manifest, without its history', async () => {
    const answer = await production.inject('/environment.json');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json();
    expect(body.areas.storage).toMatchObject({ version: '1.1.0', url: '/remotes/storage/1.1.0/mf-manifest.json', manifest: areaManifest('storage') });
    expect(body.history).toBeUndefined();
    expect((await staging.inject('/environment.json')).json().areas.storage.version).toBe('1.0.0');
  });

  it('serves published remotes with CORS, revalidated manifests and immutable hashed chunks, gzip when asked', async () => {
    const manifest = await production.inject('/remotes/storage/1.1.0/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const chunk = await production.inject({ url: '/remotes/storage/1.0.0/525.d3fdbf8d6d.js', headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(chunk.rawPayload).toString()).toContain('older storage');

    const preflight = await production.inject({ method: 'OPTIONS', url: '/remotes/storage/1.1.0/remoteEntry.js' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a missing remote, an unknown area or a path outside the published folder with 404 and a message', async () => {
    const missing = await production.inject('/remotes/storage/9.9.9/mf-manifest.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No file "mf-manifest.json" in the published storage area, version 9.9.9.');
    expect((await production.inject('/remotes/billing/1.0.0/mf-manifest.json')).json().message).toBe(
      'There is no area "billing" among the published remotes.',
    );
    const outside = await production.inject('/remotes/storage/1.1.0/..%2F..%2F..%2Fenvironments%2Fproduction.json');
    expect(outside.statusCode).toBe(404);
    expect((await production.inject('/remotes/storage/1.1.0/.published.json')).statusCode).toBe(404);
  });

  it('serves the shell’s files and index.html for every console route, but not for /api or missing assets', async () => {
    const route = await production.inject('/project/abc/storage/buckets/avatars');
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.body).toContain('<div id="root">');
    expect(route.headers['cache-control']).toBe('no-cache');

    const main = await production.inject('/main.js');
    expect(main.body).toContain('bootstrap');
    expect((await production.inject('/812.0a1b2c3d4e.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await production.inject('/missing.0123456789.js')).statusCode).toBe(404);

    const api = await production.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Route not found: GET /api/nothing-here');
  });

  it('caches only content-hashed files for a year: never the environment, the federation manifests, the remote entry or the page', async () => {
    const cacheOf = async (url: string) => (await production.inject(url)).headers['cache-control'];
    expect(await cacheOf('/remotes/storage/1.1.0/525.d3fdbf8d6d.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/812.0a1b2c3d4e.js')).toBe('public, max-age=31536000, immutable');
    for (const unhashed of ['/remotes/storage/1.1.0/remoteEntry.js', '/remotes/storage/1.1.0/mf-manifest.json', '/remotes/storage/1.1.0/area-manifest.json', '/main.js', '/project/abc/storage']) {
      expect(await cacheOf(unhashed), unhashed).toBe('no-cache');
    }
    expect(await cacheOf('/environment.json')).toBe('no-store');
  });

  it('answers brotli when the browser takes it, else gzip, else the bytes as they are', async () => {
    const url = '/remotes/storage/1.1.0/remoteEntry.js';
    const plain = (await production.inject(url)).body;
    const br = await production.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(plain.length);
    const gz = await production.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    const none = await production.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
    // the page itself, made per request, is compressed too
    const page = await production.inject({ url: '/project/abc/storage', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('serves a build published without a brotli copy as gzip until its brotli copy is made, then brotli', async () => {
    const file = path.join(dirs.published, 'storage/1.0.0/remoteEntry.js');
    await rm(`${file}.br`, { force: true });
    const ask = () => staging.inject({ url: '/remotes/storage/1.0.0/remoteEntry.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect((await ask()).headers['content-encoding']).toBe('gzip');
    let answer = await ask();
    for (let tries = 0; answer.headers['content-encoding'] !== 'br' && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await ask();
    }
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toContain('var plinth_storage');
  });

  it("puts the area's remote entry and first chunks, and the early bootstrap call, in the page of an address the area owns", async () => {
    // The published build's federation manifest, shaped as the build writes it.
    await writeFile(
      path.join(dirs.published, 'storage/1.1.0/mf-manifest.json'),
      JSON.stringify({
        id: 'plinth_storage',
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'area', path: './area', assets: { js: { sync: ['__federation_expose_area.0123abcd45.js'], async: ['900.aaaabbbbcc.js'] } } }],
      }),
    );
    const page = await production.inject('/project/abcdefghijabcdefghij/storage/buckets/avatars');
    expect(page.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/storage/1.1.0/mf-manifest.json">');
    expect(page.body).toContain('<link rel="preload" as="script" href="/remotes/storage/1.1.0/remoteEntry.js">');
    expect(page.body).toContain('<link rel="preload" as="script" href="/remotes/storage/1.1.0/__federation_expose_area.0123abcd45.js">');
    // chunks loaded later are left to the area
    expect(page.body).not.toContain('900.aaaabbbbcc.js');
    // staging runs another version of the area: its page preloads that one
    expect((await staging.inject('/project/abcdefghijabcdefghij/storage')).body).toContain('href="/remotes/storage/1.0.0/remoteEntry.js"');
    // a remote that is down (its manifest gone) gets no guessed preload, which Retry would later be handed
    await rename(path.join(dirs.published, 'storage/1.1.0/mf-manifest.json'), path.join(dirs.published, 'storage/1.1.0/mf-manifest.hidden'));
    try {
      const down = (await production.inject('/project/abcdefghijabcdefghij/storage/buckets')).body;
      expect(down).toContain('href="/remotes/storage/1.1.0/mf-manifest.json"');
      expect(down).not.toContain('remoteEntry.js');
    } finally {
      await rename(path.join(dirs.published, 'storage/1.1.0/mf-manifest.hidden'), path.join(dirs.published, 'storage/1.1.0/mf-manifest.json'));
    }
    // the bootstrap script comes before the shell's code, and the policy allows it by its hash alone
    const inline = /<script>([^<]*)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(inline).toContain('/api/platform/bootstrap');
    expect(page.body.indexOf(inline)).toBeLessThan(page.body.indexOf('src="/main.js"'));
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(page.headers['content-security-policy']).toBe(`frame-ancestors 'self'; script-src 'self' 'sha256-${hash}'`);

    // addresses no area owns: the bootstrap call, no remote
    for (const url of ['/project/abcdefghijabcdefghij', '/projects', '/sign-in']) {
      const other = await production.inject(url);
      expect(other.body, url).toContain('/api/platform/bootstrap');
      expect(other.body, url).not.toContain('/remotes/');
    }
  });

  it('chooses the encoding by the weights of Accept-Encoding', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('explains an environment that does not exist', async () => {
    const nowhere = await createConsoleServer({ env: 'qa', dirs, api: 'none' });
    const answer = await nowhere.inject('/environment.json');
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toContain('There is no "qa" environment');
    await nowhere.close();
  });
});

describe('console server with the platform API', () => {
  it('mounts the platform API under /api beside the shell', async () => {
    const dirs = await publishedWorkspace();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-deploy-api-'));
    const app = await createConsoleServer({ env: 'production', dirs, apiOptions: { dataDir, logger: false, admin: null } });
    try {
      const session = await app.inject('/api/auth/session');
      expect(session.headers['content-type']).toContain('application/json');
      expect([200, 401]).toContain(session.statusCode);
      expect((await app.inject('/project/abc')).body).toContain('<div id="root">');
      expect((await app.inject('/environment.json')).json().name).toBe('production');
    } finally {
      await app.close();
    }
  }, 60_000);
});
