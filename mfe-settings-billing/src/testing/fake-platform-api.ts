import type { JwtSecretUpdateState, Member, ProjectConfig, ProjectSettings } from '@plinth/shared-contracts';

// An in-memory stand-in for the platform API's answers, given to the real contracts client as its
// fetch. It answers the way the API does (paths, status codes, error bodies) for the calls this area makes.

export const PROJECT_REF = 'abcdefghijklmnop';
export const ME = { id: '11111111-1111-4111-8111-111111111111', email: 'me@example.com', username: 'me' };
export const ANON_KEY = 'eyJhbGciOiJIUzI1NiJ9.anon.signature';
export const SERVICE_KEY = 'eyJhbGciOiJIUzI1NiJ9.service.signature';
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters';

export interface Failure {
  status: number;
  message: string;
}

const apiService = (keys: boolean) => ({
  app: { id: 1, name: 'Auto API' },
  app_config: { endpoint: `${PROJECT_REF}.plinth.test`, protocol: 'https' },
  service_api_keys: keys
    ? [
        { name: 'anon', api_key: ANON_KEY, tags: 'anon' },
        { name: 'service_role', api_key: SERVICE_KEY, tags: 'service_role,secret' },
      ]
    : [],
});

export function createFakeApi() {
  const state = {
    /** False until the API-key service has its keys. */
    keysReady: true,
    /** Successive JWT update states to answer, the last one repeating. */
    jwtStates: [] as (JwtSecretUpdateState | null)[],
    members: [
      { user_id: ME.id, username: 'me', primary_email: ME.email, role: 'Owner' },
      { user_id: 'u2', username: 'grace', primary_email: 'grace@example.com', role: 'Developer' },
    ] as Member[],
    failures: {} as Record<string, Failure | undefined>,
    calls: [] as string[],
  };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    state.calls.push(`${method} ${path}`);
    const name = path.split('/').pop() ?? '';
    const failure = state.failures[`${method} ${name}`];
    if (failure) return json(failure.status, { message: failure.message });

    if (path === `/platform/props/project/${PROJECT_REF}/settings`) {
      const settings: ProjectSettings = { project: { ref: PROJECT_REF, name: 'Shop' }, services: [apiService(state.keysReady)] };
      return json(200, settings);
    }
    if (path === `/platform/projects/${PROJECT_REF}/config`) {
      const config: ProjectConfig = { project: { ref: PROJECT_REF, jwt_secret: JWT_SECRET }, services: [apiService(true)], customDomain: null };
      return json(200, config);
    }
    if (path === `/platform/props/project/${PROJECT_REF}/jwt-secret-update-status`) {
      const status = state.jwtStates.length > 1 ? state.jwtStates.shift()! : (state.jwtStates[0] ?? null);
      return json(200, {
        jwtSecretUpdateStatus: status ? { meta: { change_tracking_id: 'c1', error: status === 'Failed' ? 'boom' : null, progress: null, status } } : null,
      });
    }
    if (path === `/platform/props/project/${PROJECT_REF}/jwt-secret` && method === 'POST') {
      state.jwtStates = ['Updating'];
      return json(200, { jwtSecretUpdateStatus: { meta: { change_tracking_id: 'c2', error: null, progress: null, status: 'Updating' } } });
    }
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/platform\/organizations\/([^/]+)$/))) {
      return json(200, { id: 1, name: 'Acme Inc', slug: m[1], subscription_id: null, plan: { id: 'free', name: 'Free' } });
    }
    if (path.match(/^\/platform\/organizations\/[^/]+\/members$/)) return json(200, state.members);
    return json(404, { message: `No fake answer for ${method} ${path}` });
  };
  return { state, fetch };
}
