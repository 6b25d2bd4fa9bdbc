import { hkdfSync } from 'node:crypto';
import { loadServerSecret } from '../csrf';
import type { ControlDatabase } from '../core-types';

// The project's vault (vault.secrets, console-api/src/vault) is encrypted inside the project's
// database with pgcrypto. Its key reaches the database only as a setting of the sessions the
// platform opens (a startup option on a server, set by the worker embedded): it is derived here by
// HKDF from a server secret of the platform (the control database's server_secrets, never in a
// project database) and the project's ref, and is never written to a table or a file. The
// database mixes it with a salt of its own (vault._root_salt, readable by the platform's role
// alone) before use, so the setting by itself decrypts nothing (see console-api/README.md, Vault).

/** The session setting that carries the project's vault key (hex). */
export const VAULT_KEY_SETTING = 'plinth.vault_key';

/** Name of the server secret the vault keys are derived from. */
export const VAULT_SERVER_SECRET = 'project-vault';

/** A project's vault key: 32 bytes of HKDF-SHA-256 over the server secret, bound to the ref. */
export function projectVaultKey(secret: Buffer, ref: string): string {
  return Buffer.from(hkdfSync('sha256', secret, ref, 'plinth project vault key', 32)).toString('hex');
}

/** Startup options (`-c name=value` …) that give a server session these settings; values are hex or plain words. */
export function sessionSettingOptions(settings: readonly (readonly [string, string])[] | undefined): string {
  return (settings ?? []).map(([name, value]) => ` -c ${name}=${value}`).join('');
}

/** The settings every session of a project's database starts with (its vault key); the server secret is read once. */
export class ProjectSessionSettings {
  private secret: Promise<Buffer> | null = null;
  constructor(private readonly control: ControlDatabase) {}

  async of(ref: string): Promise<[string, string][]> {
    this.secret ??= loadServerSecret(this.control, VAULT_SERVER_SECRET);
    const secret = await this.secret.catch((err) => ((this.secret = null), Promise.reject(err)));
    return [[VAULT_KEY_SETTING, projectVaultKey(secret, ref)]];
  }
}
