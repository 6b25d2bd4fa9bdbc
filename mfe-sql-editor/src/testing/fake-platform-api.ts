import type { DatabaseSchema, Entity, Snippet, SqlRunResult } from '@plinth/shared-contracts';

// An in-memory stand-in for the platform API's answers, given to the real contracts client as its
// fetch. It answers the way the API does (paths, status codes, error bodies) for the calls this area makes.

export const PROJECT_REF = 'abcdefghijklmnop';
export const ME = { id: '11111111-1111-4111-8111-111111111111', email: 'me@example.com', username: 'me' };
export const TEAMMATE_ID = '22222222-2222-4222-8222-222222222222';

let counter = 0;
export function snippet(over: Partial<Snippet> & { name: string }): Snippet {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    description: null,
    type: 'sql',
    visibility: 'user',
    content: { sql: 'select 1;', favorite: false, schema_version: '1.0' },
    owner_id: ME.id,
    project_id: 1,
    inserted_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export interface Failure {
  status: number;
  message: string;
}

export interface FakeApiState {
  snippets: Snippet[];
  schemas: DatabaseSchema[];
  entities: Entity[];
  /** Answers of POST query; default: no rows. */
  runQuery: (query: string) => SqlRunResult | Failure;
  /** Make a call fail: key is "METHOD /path-pattern-name", e.g. "GET schemas". */
  failures: Record<string, Failure | undefined>;
  /** Every call made, as "METHOD path?query". */
  calls: string[];
}

export function createFakeApi(initial: Partial<FakeApiState> = {}) {
  const state: FakeApiState = {
    snippets: [],
    schemas: [
      { id: 1, name: 'public', protected: false },
      { id: 2, name: 'auth', protected: true },
      { id: 3, name: 'storage', protected: true },
      { id: 4, name: 'sales', protected: false },
    ],
    entities: [],
    runQuery: () => ({ rows: [], columns: [], affectedRows: 0 }),
    failures: {},
    calls: [],
    ...initial,
  };
  const json = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    state.calls.push(`${method} ${url.pathname}${url.search}`);
    const path = url.pathname.replace(/^\/api/, '');
    const fail = (name: string) => state.failures[`${method} ${name}`];
    let m: RegExpMatchArray | null;

    if ((m = path.match(/^\/platform\/projects\/[^/]+\/content(?:\/([^/]+))?(?:\/(share|copy))?$/))) {
      const [, id, action] = m;
      const name = action ?? (id ? 'snippet' : 'content');
      const failure = fail(name);
      if (failure) return json(failure.status, { message: failure.message });
      if (method === 'GET' && !id) return json(200, { data: state.snippets });
      if (method === 'POST' && !id) {
        const created = snippet({ name: body.name ?? 'Untitled query', content: { sql: body.sql ?? '', favorite: false, schema_version: '1.0' } });
        state.snippets.push(created);
        return json(201, created);
      }
      if (method === 'DELETE' && !id) {
        const target = url.searchParams.get('id');
        if (!state.snippets.some((s) => s.id === target)) return json(404, { message: 'Content not found' });
        state.snippets = state.snippets.filter((s) => s.id !== target);
        return json(200, { id: target });
      }
      const found = state.snippets.find((s) => s.id === id);
      if (!found) return json(404, { message: 'Content not found' });
      let next: Snippet;
      if (action === 'share') next = { ...found, visibility: 'project' };
      else if (action === 'copy') {
        next = snippet({ name: `${found.name} (copy)`, content: { ...found.content, favorite: false } });
        state.snippets.push(next);
        return json(201, next);
      } else {
        next = {
          ...found,
          name: body.name ?? found.name,
          content: { ...found.content, sql: body.sql ?? found.content.sql, favorite: body.favorite ?? found.content.favorite },
        };
      }
      state.snippets = state.snippets.map((s) => (s.id === id ? next : s));
      return json(200, next);
    }
    if (path.match(/^\/platform\/pg-meta\/[^/]+\/schemas$/)) {
      const failure = fail('schemas');
      return failure ? json(failure.status, { message: failure.message }) : json(200, state.schemas);
    }
    if (path.match(/^\/platform\/pg-meta\/[^/]+\/entities$/)) {
      const failure = fail('entities');
      if (failure) return json(failure.status, { message: failure.message });
      const schema = url.searchParams.get('schema') ?? 'public';
      const search = url.searchParams.get('search')?.toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const page = Number(url.searchParams.get('page') ?? 0);
      const grouped = url.searchParams.get('sort') === 'grouped-alphabetical';
      const all = state.entities
        .filter((e) => e.schema === schema && (!search || e.name.toLowerCase().includes(search)))
        .sort((a, b) => (grouped ? a.type.localeCompare(b.type) : 0) || a.name.localeCompare(b.name));
      return json(200, { count: all.length, entities: all.slice(page * limit, page * limit + limit) });
    }
    if (path.match(/^\/platform\/pg-meta\/[^/]+\/query$/)) {
      const answer = state.runQuery(body.query);
      return 'status' in answer ? json(answer.status, { message: answer.message, code: 'SQL_ERROR' }) : json(200, answer);
    }
    return json(404, { message: `No fake answer for ${method} ${path}` });
  };
  return { state, fetch };
}

let entityId = 100;
export function entity(name: string, over: Partial<Entity> = {}): Entity {
  entityId += 1;
  return { id: entityId, schema: 'public', name, type: 'table', comment: null, ...over };
}
