import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { ATTACHMENT_CSP, INLINE_CSP, objectHeaders, servedType, showableInPlace } from '@plinth/project-services/testing';

// User content never runs in the console's origin: every route that answers an object's bytes
// (the app's public, authenticated and signed downloads, the console's signed and public links and
// its download) sends nosniff, and an attachment in a CSP sandbox for anything a browser could run.
// On both databases.

let s: ProjectTestServer;
let serviceKey: string;
const console_ = (p: string) => `/api/platform/storage/${s.ref}/buckets${p}`;
const app = (p: string) => `/${s.ref}/storage/v1${p}`;
const pathOf = (full: string) => {
  const u = new URL(full, 'http://localhost');
  return u.pathname + u.search;
};

const HTML = '<!doctype html><script>fetch("/api/platform/profile").then((r) => r.text()).then(alert)</script>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c40000000049454e44ae426082', 'hex');

/** name → [upload content type, bytes] */
const FILES: Record<string, [string, string | Buffer]> = {
  'site/page.html': ['text/html', HTML],
  'site/logo.svg': ['image/svg+xml', SVG],
  'site/pic.png': ['image/png', PNG],
  'site/not-a.png': ['text/html', HTML],
  'site/app.js': ['text/javascript', 'alert(1)'],
  'site/notes.txt': ['text/plain', 'plain words'],
  'site/report.pdf': ['application/pdf', '%PDF-1.4\n%%EOF\n'],
  'site/blob': ['application/octet-stream', HTML],
};

/** Each route that answers bytes: a GET (path and query) for an object of the public bucket. */
type Route = { name: string; get: (path: string) => Promise<{ url: string; headers?: Record<string, string> }> };
const ROUTES: Route[] = [
  { name: 'app public link', get: async (p) => ({ url: app(`/object/public/open/${p}`) }) },
  { name: 'app download', get: async (p) => ({ url: app(`/object/open/${p}`), headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } }) },
  { name: 'app authenticated download', get: async (p) => ({ url: app(`/object/authenticated/open/${p}`), headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } }) },
  {
    name: 'app signed URL',
    get: async (p) => {
      const res = await s.harness.services.inject({ method: 'POST', url: app(`/object/sign/open/${p}`), headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` }, payload: { expiresIn: 60 } });
      expect(res.statusCode).toBe(200);
      return { url: app(res.json<{ signedURL: string }>().signedURL) };
    },
  },
  {
    name: 'console signed URL',
    get: async (p) => {
      const res = await s.app.inject({ method: 'POST', url: console_('/open/objects/sign'), headers: await s.as('Read-only'), payload: { path: p, expiresIn: 60 } });
      expect(res.statusCode).toBe(200);
      return { url: pathOf(res.json<{ signedUrl: string }>().signedUrl) };
    },
  },
  {
    name: 'console public URL',
    get: async (p) => {
      const res = await s.app.inject({ method: 'POST', url: console_('/open/objects/public-url'), headers: await s.as('Read-only'), payload: { path: p } });
      expect(res.statusCode).toBe(200);
      return { url: pathOf(res.json<{ publicUrl: string }>().publicUrl) };
    },
  },
];

async function fetchVia(route: Route, path: string, query = '') {
  const { url, headers } = await route.get(path);
  // Every link and download of an object's bytes is the project services' (never the console's origin).
  expect(url.startsWith(`/${s.ref}/storage/v1/object/`)).toBe(true);
  const res = await s.harness.services.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${query}`.replace(/[?&]$/, ''), headers });
  expect([route.name, path, res.statusCode]).toEqual([route.name, path, 200]);
  return res;
}

const consoleDownload = async (path: string) =>
  s.app.inject({ method: 'POST', url: console_('/open/objects/download'), headers: await s.as('Read-only'), payload: { path } });

beforeAll(async () => {
  s = await startProjectServer();
  const keys = await s.harness.internals.control.query<{ service_role_key: string }>('select service_role_key from projects where ref = $1', [s.ref]);
  serviceKey = keys.rows[0]!.service_role_key;
  const made = await s.app.inject({ method: 'POST', url: console_(''), headers: await s.as('Owner'), payload: { id: 'open', public: true } });
  expect(made.statusCode).toBe(200);
  for (const [path, [type, body]] of Object.entries(FILES)) {
    const up = await s.app.inject({ method: 'POST', url: console_(`/open/objects/upload?path=${encodeURIComponent(path)}`), headers: { ...(await s.as('Owner')), 'content-type': type }, payload: body });
    expect([path, up.statusCode]).toEqual([path, 200]);
  }
}, 300_000);
afterAll(async () => s?.close());

const attachmentOf = (h: Record<string, unknown>) => ({
  disposition: String(h['content-disposition']).split(';')[0],
  csp: h['content-security-policy'],
  nosniff: h['x-content-type-options'],
});

describe('objects a browser could run', () => {
  it('HTML, SVG, JavaScript, octet-stream and an HTML upload named .png come as attachments in a sandbox, with nosniff, on every route', async () => {
    for (const route of ROUTES) {
      for (const path of ['site/page.html', 'site/logo.svg', 'site/not-a.png', 'site/app.js', 'site/blob']) {
        const res = await fetchVia(route, path);
        expect([route.name, path, attachmentOf(res.headers)]).toEqual([route.name, path, { disposition: 'attachment', csp: ATTACHMENT_CSP, nosniff: 'nosniff' }]);
        expect(res.headers['content-security-policy']).toContain('sandbox');
        // Text is served as UTF-8, as Supabase Storage does.
        const type = FILES[path]![0];
        expect(res.headers['content-type']).toBe(type.startsWith('text/') ? `${type}; charset=utf-8` : type);
        expect(res.body).toBe(String(FILES[path]![1]));
      }
    }
  });

  it("the console's download is always an attachment in a sandbox with nosniff, named after the file", async () => {
    for (const path of ['site/page.html', 'site/logo.svg', 'site/pic.png']) {
      const res = await consoleDownload(path);
      expect(res.statusCode).toBe(200);
      expect(attachmentOf(res.headers)).toEqual({ disposition: 'attachment', csp: ATTACHMENT_CSP, nosniff: 'nosniff' });
      expect(res.headers['content-disposition']).toContain(`filename="${path.split('/').pop()}"`);
    }
  });

  it('a type changed in the database to something that is no type is served as octet-stream, attached (never a 500)', async () => {
    const db = await s.deps.databases.get(s.ref);
    await db.query(`update storage.objects set metadata = metadata || jsonb_build_object('mimetype', $1::text, 'cacheControl', $2::text) where bucket_id = 'open' and name = 'site/blob'`, ['image/png\r\nx-evil: 1', 'max-age=1\r\nset-cookie: a=b']);
    const res = await fetchVia(ROUTES[0]!, 'site/blob');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toBe('max-age=3600');
    expect(res.headers['x-evil']).toBeUndefined();
    expect(attachmentOf(res.headers)).toEqual({ disposition: 'attachment', csp: ATTACHMENT_CSP, nosniff: 'nosniff' });
  });
});

describe('objects that cannot run', () => {
  it('a PNG is shown in place with nosniff on every route, and ?download makes it an attachment', async () => {
    for (const route of ROUTES) {
      const res = await fetchVia(route, 'site/pic.png');
      expect([route.name, res.headers['content-type'], attachmentOf(res.headers)]).toEqual([route.name, 'image/png', { disposition: 'inline', csp: INLINE_CSP, nosniff: 'nosniff' }]);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      const asked = await fetchVia(route, 'site/pic.png', 'download');
      expect([route.name, attachmentOf(asked.headers)]).toEqual([route.name, { disposition: 'attachment', csp: ATTACHMENT_CSP, nosniff: 'nosniff' }]);
      expect(asked.headers['content-disposition']).toBe('attachment; filename="pic.png"');
      const named = await fetchVia(route, 'site/pic.png', `download=${encodeURIComponent('Größe 1.png')}`);
      expect(named.headers['content-disposition']).toBe(`attachment; filename="Gr__e 1.png"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%201.png`);
    }
  });

  it('text/plain is shown as text/plain with a charset, a PDF in place without a sandbox (a PDF viewer refuses one)', async () => {
    const text = await fetchVia(ROUTES[0]!, 'site/notes.txt');
    expect([text.headers['content-type'], attachmentOf(text.headers)]).toEqual(['text/plain; charset=utf-8', { disposition: 'inline', csp: INLINE_CSP, nosniff: 'nosniff' }]);
    const pdf = await fetchVia(ROUTES[0]!, 'site/report.pdf');
    expect([pdf.headers['content-type'], attachmentOf(pdf.headers)]).toEqual(['application/pdf', { disposition: 'inline', csp: undefined, nosniff: 'nosniff' }]);
  });

  it('a second download value or a name too long is a 400 naming download', async () => {
    for (const query of [`download=${'a'.repeat(1025)}`, 'download=a.png&download=b.png']) {
      const res = await s.harness.services.inject({ method: 'GET', url: app(`/object/public/open/site/pic.png?${query}`) });
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json().message).toContain('download');
    }
  });
});

describe('objectHeaders', () => {
  it('shows in place only images but SVG, audio, video, PDF and text/plain', () => {
    const inPlace = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'audio/mpeg', 'video/mp4', 'application/pdf', 'text/plain'];
    const attached = ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/xml', 'application/xml', 'text/javascript', 'application/javascript', 'text/css', 'application/json', 'application/octet-stream', 'video/x-foo+xml', 'unknown/thing', 'text/markdown'];
    for (const type of inPlace) expect([type, showableInPlace(type)]).toEqual([type, true]);
    for (const type of attached) expect([type, showableInPlace(type)]).toEqual([type, false]);
  });

  it('sends a stored type only when it is one, lowercased and without parameters', () => {
    expect(servedType('Text/HTML; charset=utf-8')).toBe('text/html');
    expect(servedType('text/html\nx: y')).toBe('application/octet-stream');
    expect(servedType(undefined)).toBe('application/octet-stream');
    expect(servedType(42)).toBe('application/octet-stream');
  });

  it('names the file from the last segment, without control characters or broken surrogates', () => {
    const h = objectHeaders({ mimetype: 'text/html', name: 'a/b/évil\n"name\ud800.html', size: 1 });
    expect(h['content-disposition']).toBe(`attachment; filename="_vil\\"name_.html"; filename*=UTF-8''%C3%A9vil%22name%EF%BF%BD.html`);
    expect(objectHeaders({ mimetype: 'image/png', name: 'x.png', download: '../../etc/passwd', size: 1 })['content-disposition']).toBe('attachment; filename="passwd"');
    expect(objectHeaders({ mimetype: 'image/png', name: 'x.png', download: '\n\n', size: 1 })['content-disposition']).toBe('attachment; filename="x.png"');
  });
});
