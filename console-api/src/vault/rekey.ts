import type { ControlDatabase, ProjectDatabase } from '@plinth/platform-core/deps';
import { loadServerSecret } from '@plinth/platform-core/csrf';
import { projectVaultKey, VAULT_SERVER_SECRET } from '@plinth/platform-core/project-db/vault-key';
import { VAULT_SOURCE_KEY_SETTING } from './schema';

// A copy of another project's database (a preview branch, its reset) holds vault secrets sealed
// under the other project's key, which this project's sessions do not have: they would read as
// null. Right after the copy, the platform (which derives both keys) opens each under the source's
// key and seals it again under this project's, in one transaction. A value that does not open
// under the source's key either (already this project's, or not sealed by the vault) is left as it
// is. The source's key is set for this transaction only and never stored.

/** Seals the copied vault secrets of `db` (the copy) under its own key; answers how many were sealed again. */
export async function rekeyCopiedVault(db: ProjectDatabase, control: ControlDatabase, sourceRef: string): Promise<number> {
  const found = await db.query<{ crypto: string | null; has_vault: boolean }>(
    `select (select n.nspname::text from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) e.extnamespace
             where e.extname operator(pg_catalog.=) 'pgcrypto') as crypto,
            pg_catalog.to_regclass('vault.secrets') is not null and pg_catalog.to_regclass('vault._root_salt') is not null as has_vault`,
  );
  const { crypto, has_vault: hasVault } = found.rows[0] ?? { crypto: null, has_vault: false };
  if (!crypto || !hasVault) return 0;
  const oldKey = projectVaultKey(await loadServerSecret(control, VAULT_SERVER_SECRET), sourceRef);
  return db.transaction(async (tx) => {
    await tx.query(`select pg_catalog.set_config('${VAULT_SOURCE_KEY_SETTING}', $1, true)`, [oldKey]);
    const r = await tx.query<{ sealed: number }>('select vault._rekey_from_source() as sealed');
    return Number(r.rows[0]?.sealed ?? 0);
  });
}
