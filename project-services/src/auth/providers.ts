import { OAUTH_PROVIDERS, type OAuthProvider, type OAuthProviderId, type OAuthProviderUpdate } from '@plinth/contracts-auth';
import type { ControlDatabase } from '@plinth/platform-core/deps';

// The OAuth providers of a project's auth service (GitHub, Google, …): enabled or not, the client
// id and the client secret. The secret is kept here and never answered: readers learn only
// whether one is set. The auth service's /settings lists the enabled ones.

type Db = Pick<ControlDatabase, 'query'>;

/** Every known provider, as saved or off. */
export async function readOAuthProviders(control: Db, ref: string): Promise<OAuthProvider[]> {
  const r = await control.query<{ provider: string; enabled: boolean; client_id: string; has_secret: boolean }>(
    'select provider, enabled, client_id, client_secret is not null as has_secret from project_auth_providers where project_ref = $1',
    [ref],
  );
  const saved = new Map(r.rows.map((row) => [row.provider, row]));
  return OAUTH_PROVIDERS.map(({ id }) => {
    const row = saved.get(id);
    return { id, enabled: row?.enabled ?? false, client_id: row?.client_id ?? '', secret_set: row?.has_secret ?? false };
  });
}

/** Applies changes to some providers; a secret left out is kept. */
export async function writeOAuthProviders(control: Db, ref: string, changes: Partial<Record<OAuthProviderId, OAuthProviderUpdate>>): Promise<void> {
  for (const [id, change] of Object.entries(changes) as [OAuthProviderId, OAuthProviderUpdate][]) {
    await control.query(
      `insert into project_auth_providers (project_ref, provider, enabled, client_id, client_secret) values ($1, $2, coalesce($3, false), coalesce($4, ''), $5)
       on conflict (project_ref, provider) do update set enabled = coalesce($3, project_auth_providers.enabled),
         client_id = coalesce($4, project_auth_providers.client_id), client_secret = coalesce($5, project_auth_providers.client_secret), updated_at = now()`,
      [ref, id, change.enabled ?? null, change.client_id ?? null, change.secret ?? null],
    );
  }
}

/** What the auth service signs in with: a provider's client id and secret (never answered to anyone). */
export async function oauthClientOf(control: Db, ref: string, provider: OAuthProviderId): Promise<{ enabled: boolean; clientId: string; clientSecret: string | null }> {
  const r = await control.query<{ enabled: boolean; client_id: string; client_secret: string | null }>(
    'select enabled, client_id, client_secret from project_auth_providers where project_ref = $1 and provider = $2',
    [ref, provider],
  );
  const row = r.rows[0];
  return { enabled: row?.enabled ?? false, clientId: row?.client_id ?? '', clientSecret: row?.client_secret ?? null };
}
