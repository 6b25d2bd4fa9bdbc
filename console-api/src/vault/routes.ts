import { PERMISSIONS } from '@plinth/shared-contracts';
import { VaultSecretCreateSchema, VaultSecretListSchema, VaultSecretRevealSchema, VaultSecretSchema, VaultSecretUpdateSchema, type VaultSecret } from '@plinth/contracts-settings';
import * as z from '@plinth/shared-contracts/zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, type ProjectDatabase, type RouteModule } from '@plinth/platform-core/deps';
import { projectRef, RefParamsSchema } from '@plinth/platform-core/common/http';
import './schema';

// Project Settings → Vault (issue 24): the project's secrets in its own database (schema.ts). The
// console's calls run as the platform's role of the project, which owns the vault schema; the
// encryption and decryption happen in the database (vault.create_secret, vault.decrypted_secrets).

const IdParamsSchema = z.object({ ref: projectRef, id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'id must be a secret id (a UUID)')) });

const COLUMNS = `id::text as id, coalesce(name, '') as name, description,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

const code = (err: unknown) => (err as { code?: string } | null)?.code;

/** A duplicate name is the user's mistake (409); a database without the vault (no pgcrypto) a clear 503. */
async function vaultCall<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (code(err) === '23505') throw new HttpError(409, `A secret named ${name ?? ''} already exists`, 'VAULT_SECRET_EXISTS', 'name');
    if (code(err) === '3F000' || code(err) === '42P01' || code(err) === '42883') {
      throw new HttpError(503, 'The vault is not available on this project database (it needs the pgcrypto extension)', 'VAULT_UNAVAILABLE');
    }
    throw err;
  }
}

async function findSecret(db: ProjectDatabase, id: string): Promise<VaultSecret> {
  const r = await vaultCall(undefined, () => db.query<VaultSecret>(`select ${COLUMNS} from vault.secrets where id = $1::uuid`, [id]));
  const row = r.rows[0];
  if (!row) throw new HttpError(404, 'Secret not found', 'VAULT_SECRET_NOT_FOUND');
  return row;
}

export const vaultRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/platform/projects/:ref/vault/secrets';
  const open = async (req: FastifyRequest, ref: string, permission: string) => {
    await deps.requireProjectAccess(req, ref, permission);
    return deps.databases.get(ref);
  };

  app.get(base, { schema: { params: RefParamsSchema, response: { 200: VaultSecretListSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    const r = await vaultCall(undefined, () => db.query<VaultSecret>(`select ${COLUMNS} from vault.secrets order by name, created_at`));
    return { secrets: r.rows };
  });

  app.post(base, { schema: { params: RefParamsSchema, body: VaultSecretCreateSchema, response: { 200: VaultSecretSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const { name, secret, description } = req.body;
    const made = await vaultCall(name, () => db.query<{ id: string }>('select vault.create_secret($1, $2, $3)::text as id', [secret, name, description ?? '']));
    return findSecret(db, made.rows[0]!.id);
  });

  app.patch(`${base}/:id`, { schema: { params: IdParamsSchema, body: VaultSecretUpdateSchema, response: { 200: VaultSecretSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    await findSecret(db, req.params.id);
    const { name, secret, description } = req.body;
    await vaultCall(name, () => db.query('select vault.update_secret($1::uuid, $2, $3, $4)', [req.params.id, secret ?? null, name ?? null, description ?? null]));
    return findSecret(db, req.params.id);
  });

  app.delete(`${base}/:id`, { schema: { params: IdParamsSchema } }, async (req, reply) => {
    const db = await open(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const r = await vaultCall(undefined, () => db.query('delete from vault.secrets where id = $1::uuid returning id', [req.params.id]));
    if (!r.rows.length) throw new HttpError(404, 'Secret not found', 'VAULT_SECRET_NOT_FOUND');
    return reply.code(204).send();
  });

  app.get(`${base}/:id/reveal`, { schema: { params: IdParamsSchema, response: { 200: VaultSecretRevealSchema } } }, async (req) => {
    const db = await open(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
    const r = await vaultCall(undefined, () =>
      db.query<{ id: string; secret: string | null }>('select id::text as id, decrypted_secret as secret from vault.decrypted_secrets where id = $1::uuid', [req.params.id]),
    );
    const row = r.rows[0];
    if (!row) throw new HttpError(404, 'Secret not found', 'VAULT_SECRET_NOT_FOUND');
    if (row.secret === null) {
      throw new HttpError(409, "This secret was encrypted with another project's key (its database was copied) and cannot be read here: set its value again", 'VAULT_SECRET_UNREADABLE');
    }
    return { id: row.id, secret: row.secret };
  });
};
