import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// Project Settings → Vault (issue 24): the project's secrets, encrypted at rest inside its database
// (vault.secrets, read decrypted by the project's own functions through vault.decrypted_secrets).
// Served under /api/platform/projects/{ref}/vault/secrets. Listing needs sql_admin_read; creating,
// revealing, editing and deleting need tenant_sql_admin_write.

/** A secret's name: 1 to 255 characters. */
export const VAULT_SECRET_NAME_MAX_LENGTH = 255;
/** A secret's value: at most 8 KB (8,192 bytes of UTF-8). */
export const VAULT_SECRET_MAX_BYTES = 8_192;
export const VAULT_SECRET_DESCRIPTION_MAX_LENGTH = 1_000;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

const name = z.string().check(
  z.trim(),
  z.minLength(1, 'Enter a name for the secret'),
  z.maxLength(VAULT_SECRET_NAME_MAX_LENGTH, `name must be at most ${VAULT_SECRET_NAME_MAX_LENGTH} characters`),
);
const secret = z.string().check(
  z.minLength(1, 'Enter the secret value'),
  z.refine((value) => utf8Bytes(value) <= VAULT_SECRET_MAX_BYTES, `secret must be at most ${VAULT_SECRET_MAX_BYTES} bytes (8 KB)`),
);
const description = z.string().check(
  z.maxLength(VAULT_SECRET_DESCRIPTION_MAX_LENGTH, `description must be at most ${VAULT_SECRET_DESCRIPTION_MAX_LENGTH} characters`),
);

/** A secret as listed: never its value. */
export const VaultSecretSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VaultSecret = z.infer<typeof VaultSecretSchema>;

export const VaultSecretListSchema = z.object({ secrets: z.array(VaultSecretSchema) });
export type VaultSecretList = z.infer<typeof VaultSecretListSchema>;

export const VaultSecretCreateSchema = z.object({ name, secret, description: z.optional(description) });
export type VaultSecretCreate = z.infer<typeof VaultSecretCreateSchema>;

/** What an edit changes; a field left out keeps its value (the secret is never shown back). */
export const VaultSecretUpdateSchema = z.object({ name: z.optional(name), secret: z.optional(secret), description: z.optional(description) });
export type VaultSecretUpdate = z.infer<typeof VaultSecretUpdateSchema>;

/** A secret's decrypted value (tenant_sql_admin_write). */
export const VaultSecretRevealSchema = z.object({ id: z.string(), secret: z.string() });
export type VaultSecretReveal = z.infer<typeof VaultSecretRevealSchema>;

const base = (ref: string) => encodePath`/platform/projects/${ref}/vault/secrets`;

export function createVaultClient(http: Http) {
  return {
    listVaultSecrets: (ref: string) => http('GET', base(ref), { schema: VaultSecretListSchema }),
    createVaultSecret: (ref: string, body: VaultSecretCreate) => http('POST', base(ref), { body, schema: VaultSecretSchema }),
    updateVaultSecret: (ref: string, id: string, body: VaultSecretUpdate) => http('PATCH', `${base(ref)}${encodePath`/${id}`}`, { body, schema: VaultSecretSchema }),
    deleteVaultSecret: (ref: string, id: string) => http('DELETE', `${base(ref)}${encodePath`/${id}`}`),
    revealVaultSecret: (ref: string, id: string) => http('GET', `${base(ref)}${encodePath`/${id}/reveal`}`, { schema: VaultSecretRevealSchema }),
  };
}

/** React Query keys of the vault (an area takes them through areaQueryKeys). */
export const vaultQueryKeys = {
  vaultSecrets: (ref: string) => ['projects', ref, 'vault', 'secrets'] as const,
};
