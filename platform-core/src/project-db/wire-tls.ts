import { readFileSync } from 'node:fs';
import tls from 'node:tls';

/**
 * TLS of the project databases' wire listener (wire-server.ts): the platform offers SSL to
 * database clients when it is given a certificate and its key (PEM files, PLINTH_DB_TLS_CERT and
 * PLINTH_DB_TLS_KEY). Node's own TLS does the work; nothing here is cryptography of ours.
 */
export interface WireTls {
  readonly secureContext: tls.SecureContext;
}

/** A TLS context from a certificate and key in PEM (throws on a key that does not match the certificate). */
export function wireTlsOf(cert: string | Buffer, key: string | Buffer): WireTls {
  return { secureContext: tls.createSecureContext({ cert, key, minVersion: 'TLSv1.2' }) };
}

/**
 * The platform's TLS for database clients from its environment: null when neither variable is set;
 * an error naming the variable when only one is set or a file cannot be read.
 */
export function wireTlsFromEnv(env: NodeJS.ProcessEnv = process.env): WireTls | null {
  const certPath = env.PLINTH_DB_TLS_CERT?.trim();
  const keyPath = env.PLINTH_DB_TLS_KEY?.trim();
  if (!certPath && !keyPath) return null;
  if (!certPath || !keyPath) throw new Error(`${certPath ? 'PLINTH_DB_TLS_KEY' : 'PLINTH_DB_TLS_CERT'} is not set: set both PLINTH_DB_TLS_CERT and PLINTH_DB_TLS_KEY (PEM files) to offer SSL to database clients, or neither`);
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (err) {
      throw new Error(`${name} (${file}) cannot be read: ${(err as Error).message}`);
    }
  };
  return wireTlsOf(read('PLINTH_DB_TLS_CERT', certPath), read('PLINTH_DB_TLS_KEY', keyPath));
}

/** Wraps an accepted connection in TLS as the server's side (after the SSLRequest was answered 'S'). */
export function upgradeToTls(socket: import('node:net').Socket, wire: WireTls): tls.TLSSocket {
  return new tls.TLSSocket(socket, { isServer: true, secureContext: wire.secureContext });
}
