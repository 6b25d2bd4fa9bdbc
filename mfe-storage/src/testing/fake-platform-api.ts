import { STORAGE_API_MESSAGES, type Bucket, type Policy } from '@plinth/shared-contracts';

// An in-memory stand-in for the platform API's storage answers, given to the real contracts client
// as its fetch. It answers the way the API does (paths, status codes, error bodies).

export const PROJECT_REF = 'abcdefghijklmnop';
export const ME = { id: '11111111-1111-4111-8111-111111111111', email: 'me@example.com', username: 'me' };

export function bucket(name: string, over: Partial<Bucket> = {}): Bucket {
  return {
    id: name,
    name,
    owner: null,
    public: false,
    file_size_limit: null,
    allowed_mime_types: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

let policyId = 1000;
export function objectsPolicy(name: string, definition: string | null, over: Partial<Policy> = {}): Policy {
  policyId += 1;
  return { id: policyId, name, schema: 'storage', table: 'objects', table_id: 42, command: 'SELECT', definition, check: null, roles: ['public'], action: 'PERMISSIVE', ...over };
}

export interface Failure {
  status: number;
  message: string;
}

export interface FakeStorageState {
  buckets: Bucket[];
  /** Object counts per bucket id (emptying sets it to 0). */
  objects: Record<string, number>;
  policies: Policy[];
  config: { fileSizeLimit: number; isFreeTier: boolean };
  /** Make a call fail, keyed "METHOD name": buckets, bucket, empty, config, policies, policy. */
  failures: Record<string, Failure | undefined>;
  /** Every call made, as "METHOD path". */
  calls: string[];
}

export function createFakeApi(initial: Partial<FakeStorageState> = {}) {
  const state: FakeStorageState = {
    buckets: [],
    objects: {},
    policies: [],
    config: { fileSizeLimit: 52_428_800, isFreeTier: false },
    failures: {},
    calls: [],
    ...initial,
  };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    state.calls.push(`${method} ${path}`);
    const failWith = (name: string) => {
      const failure = state.failures[`${method} ${name}`];
      return failure ? json(failure.status, { message: failure.message }) : null;
    };
    let m: RegExpMatchArray | null;

    if (path === `/platform/storage/${PROJECT_REF}/buckets`) {
      const failed = failWith('buckets');
      if (failed) return failed;
      if (method === 'GET') return json(200, state.buckets);
      if (state.buckets.some((b) => b.id === body.id)) return json(409, { message: STORAGE_API_MESSAGES.bucketExists(body.id), code: 'BUCKET_EXISTS' });
      const created = bucket(body.id, { public: body.public, file_size_limit: body.file_size_limit ?? null, allowed_mime_types: body.allowed_mime_types ?? null });
      state.buckets.push(created);
      return json(201, created);
    }
    if ((m = path.match(new RegExp(`^/platform/storage/${PROJECT_REF}/buckets/([^/]+)(/empty)?$`)))) {
      const id = decodeURIComponent(m[1] ?? '');
      const failed = failWith(m[2] ? 'empty' : 'bucket');
      if (failed) return failed;
      const found = state.buckets.find((b) => b.id === id);
      if (!found) return json(404, { message: STORAGE_API_MESSAGES.bucketNotFound(id) });
      if (m[2]) {
        state.objects[id] = 0;
        return json(200, { message: 'Successfully emptied' });
      }
      if (method === 'DELETE') {
        if ((state.objects[id] ?? 0) > 0) return json(409, { message: STORAGE_API_MESSAGES.bucketNotEmpty(id) });
        state.buckets = state.buckets.filter((b) => b.id !== id);
        return json(200, { message: 'Successfully deleted' });
      }
      const next = { ...found, ...body };
      state.buckets = state.buckets.map((b) => (b.id === id ? next : b));
      return json(200, next);
    }
    if (path === `/platform/projects/${PROJECT_REF}/config/storage`) {
      return failWith('config') ?? json(200, state.config);
    }
    if (path === `/platform/pg-meta/${PROJECT_REF}/policies`) {
      const failed = failWith('policies');
      if (failed) return failed;
      const schema = url.searchParams.get('schema');
      return json(200, state.policies.filter((p) => !schema || p.schema === schema));
    }
    if ((m = path.match(new RegExp(`^/platform/pg-meta/${PROJECT_REF}/policies/(\\d+)$`)))) {
      const failed = failWith('policy');
      if (failed) return failed;
      const found = state.policies.find((p) => p.id === Number(m?.[1]));
      if (!found) return json(404, { message: 'Policy not found' });
      state.policies = state.policies.filter((p) => p !== found);
      return json(200, found);
    }
    return json(404, { message: `No fake answer for ${method} ${path}` });
  };
  return { state, fetch };
}
