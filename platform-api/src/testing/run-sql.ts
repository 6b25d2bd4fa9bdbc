import type { TestUser } from './harness';

/**
 * A SQL editor run as a member sends it (POST pg-meta/{ref}/query), answered as it comes: the
 * status and the body, so a test can read a refusal as well as rows.
 */
export async function runSqlAs<T = Record<string, unknown>>(user: TestUser, ref: string, body: { query: string; [field: string]: unknown }) {
  const res = await user.fetch(`/api/platform/pg-meta/${ref}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T & { message?: string } };
}
