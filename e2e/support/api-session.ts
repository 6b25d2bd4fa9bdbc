import type { BrowserContext } from '@playwright/test';
import { CSRF_COOKIE, type ProjectStatus } from '@plinth/shared-contracts';
import { createApiClient, type ApiClient } from '@plinth/platform-api/testing/api-client';

/** Cookies a console server set, kept the way a browser keeps them for one origin. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0\b/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    const value = this.cookies.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  entries(): [string, string][] {
    return [...this.cookies];
  }
}

/** A signed-in (or not yet) user talking to one console server's API through the contracts' client. */
export interface ApiSession {
  baseUrl: string;
  client: ApiClient;
  /** Hands this session's cookies to a browser context, so its pages are signed in as this user. */
  shareWith: (context: BrowserContext) => Promise<void>;
}

/** A client with its own cookie jar and the CSRF double-submit the API asks for. */
export async function openApiSession(baseUrl: string): Promise<ApiSession> {
  const jar = new CookieJar();
  const fetchWithCookies: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(input, { ...init, headers });
    jar.take(response);
    return response;
  };
  const client = createApiClient({ baseUrl: `${baseUrl}/api`, fetch: fetchWithCookies, csrfToken: () => jar.get(CSRF_COOKIE) });
  await client.auth.getSession(); // the API sets the CSRF cookie here
  return {
    baseUrl,
    client,
    shareWith: async (context) => {
      await context.addCookies(jar.entries().map(([name, value]) => ({ name, value, url: baseUrl, sameSite: 'Lax' as const })));
    },
  };
}

let counter = 0;
/** An address nobody has used on this server yet. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery staple 42';

/** Signs a new user up through the API and returns the signed-in session. */
export async function signUpThroughApi(baseUrl: string, label = 'user'): Promise<{ session: ApiSession; email: string; password: string }> {
  const session = await openApiSession(baseUrl);
  const email = uniqueEmail(label);
  await session.client.auth.signUp({ email, password: TEST_PASSWORD });
  return { session, email, password: TEST_PASSWORD };
}

/** Polls the project's status until it is the one wanted (the API's lifecycle is real work). */
export async function waitForProjectStatus(session: ApiSession, ref: string, wanted: ProjectStatus, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: ProjectStatus | undefined;
  while (Date.now() < deadline) {
    last = (await session.client.projects.getStatus(ref)).status;
    if (last === wanted) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Project ${ref} did not reach ${wanted} within ${timeoutMs / 1000} s (last status ${last ?? 'unknown'})`);
}

/** Creates an organization and a project in it through the API, and waits until the project is up. */
export async function createActiveProject(session: ApiSession, name = 'Orders'): Promise<{ orgSlug: string; ref: string; name: string }> {
  const org = await session.client.organizations.create({ name: `${name} team` });
  const project = await session.client.projects.create({ name, organization_slug: org.slug });
  await waitForProjectStatus(session, project.ref, 'ACTIVE_HEALTHY');
  return { orgSlug: org.slug, ref: project.ref, name };
}

/** Signs up a second user and adds them to the organization with the Read-only role (a Team plan role: the organization moves to Team). */
export async function addReadOnlyMember(owner: ApiSession, orgSlug: string): Promise<{ session: ApiSession; email: string; password: string }> {
  const member = await signUpThroughApi(owner.baseUrl, 'read-only');
  await owner.client.plans.updateSubscription(orgSlug, { plan: 'team' });
  await owner.client.organizations.addMember(orgSlug, { email: member.email, role: 'Read-only' });
  return member;
}

/**
 * A project's app endpoints (`/auth/v1`, `/rest/v1`, `/storage/v1`) as an app reaches them with the
 * anon key: plain fetch with the headers supabase-js sends.
 */
export async function projectApp(session: ApiSession, ref: string) {
  const { anonKey, projectUrl } = await projectAccess(session, ref);
  return (path: string, init: RequestInit = {}) =>
    fetch(`${projectUrl}${path}`, { ...init, headers: { apikey: anonKey, 'content-type': 'application/json', ...init.headers } });
}

/** A project's URL (on the project services' origin, as its API settings show it) and anon key. */
export async function projectAccess(session: ApiSession, ref: string): Promise<{ projectUrl: string; anonKey: string }> {
  const settings = await session.client.settings.getProjectSettings(ref);
  const service = settings.services[0]!;
  return { projectUrl: `${service.app_config.protocol}://${service.app_config.endpoint}`, anonKey: service.service_api_keys.find((k) => k.tags === 'anon')!.api_key };
}
