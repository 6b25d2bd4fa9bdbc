import net from 'node:net';
import { randomBytes, randomInt } from 'node:crypto';
import { recordProjectLogEvent } from '../request-log';
import type { ProjectDatabaseCredentials, ProjectDatabaseSettings } from './credentials';
import { DEFAULT_CONNECTION_LIMIT } from './credentials';
import type { PgliteWireSession } from './pglite-client';
import { PgliteProjectDatabase } from './pglite-client';
import { refuseUnsupportedStatements } from './unsupported-statements';
import { ScramExchange } from './wire-scram';
import { upgradeToTls, wireTlsFromEnv, type WireTls } from './wire-tls';

// The embedded databases over the Postgres wire protocol (protocol 3.0), on one port of the
// platform, so psql, pg_dump, drivers and ORMs reach a project's PGlite database as they would a
// Postgres server. On the idea of @electric-sql/pglite-socket, with what a shared platform needs:
// the startup and the password are handled here (the user name `postgres.<ref>`, or the database
// name `<ref>`, picks the project; the password is the project's database password,
// credentials.ts), and every later message is handed to the project's worker thread as it came
// (PGlite's execProtocolRaw), taking turns with the platform's own calls (PgliteWireSession).
// A connection runs as the project's own database user, as the SQL editor does: never as the
// platform, whose calls start from a session reset after each of the connection's runs.
// SSL: with a certificate (wire-tls.ts), an SSLRequest is answered 'S' and the rest of the
// connection runs inside Node's TLS; a project that enforces SSL refuses a connection without it.

/** What the wire server needs of the project databases: an open embedded database by ref, or null when it is not running. */
export interface WireDatabases {
  wireDatabase(ref: string): Promise<PgliteProjectDatabase | null>;
  /** The platform's statement time-out (ms), when the project set none. */
  readonly statementTimeoutMs: number;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A connection inside a transaction may keep its project's database this long without sending anything. */
export const IDLE_IN_TRANSACTION_MS = 30_000;
/** Startup parameters carried into the session (the rest are the server's to say). */
const STARTUP_SETTINGS = new Set(['application_name', 'datestyle', 'timezone', 'extra_float_digits', 'intervalstyle', 'search_path']);

/** The project a startup message names: `postgres.<ref>` as user, or `<ref>` as database. */
export function projectOfStartup(user: string, database: string): string | null {
  const REF = /^[a-z0-9]{6,40}$/;
  const dot = user.lastIndexOf('.');
  if (dot > 0 && REF.test(user.slice(dot + 1))) return user.slice(dot + 1);
  if (REF.test(database) && database !== 'postgres') return database;
  return null;
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** An ErrorResponse (FATAL ends the connection, ERROR does not). */
export function errorMessage(severity: 'FATAL' | 'ERROR', code: string, text: string, detail?: string): Buffer {
  const fields = [cstr(`S${severity}`), cstr(`V${severity}`), cstr(`C${code}`), cstr(`M${text}`), ...(detail ? [cstr(`D${detail}`)] : []), Buffer.from([0])];
  return message('E', Buffer.concat(fields));
}

/** The statement a Query ('Q') or Parse ('P') message carries is refused, and why (null: it may run). */
function refusal(type: number, body: Buffer): string | null {
  let sql: string;
  if (type === 0x51) sql = body.subarray(0, Math.max(0, body.indexOf(0))).toString('utf8');
  else if (type === 0x50) {
    const nameEnd = body.indexOf(0);
    sql = body.subarray(nameEnd + 1, body.indexOf(0, nameEnd + 1)).toString('utf8');
  } else return null;
  try {
    refuseUnsupportedStatements(sql);
    return null;
  } catch (err) {
    const text = (err as Error).message;
    // psql's \copy … from sends COPY … FROM STDIN: say what to do instead on this connection.
    return /STDIN/.test(text) ? 'COPY … FROM STDIN (and psql\'s \\copy … from) is not available on the embedded database: insert the rows with INSERT statements' : text;
  }
}

/** The status of the last ReadyForQuery in a backend's messages (null: none). */
function lastReadyStatus(data: Uint8Array): string | null {
  let at = 0;
  let found: string | null = null;
  while (at + 5 <= data.length) {
    const length = ((data[at + 1]! << 24) | (data[at + 2]! << 16) | (data[at + 3]! << 8) | data[at + 4]!) >>> 0;
    if (data[at] === 0x5a && length === 5 && at + 6 <= data.length) found = String.fromCharCode(data[at + 5]!);
    at += 1 + length;
  }
  return found;
}

interface Connection {
  ref: string;
  socket: net.Socket;
  session: PgliteWireSession | null;
}

export class ProjectWireServer {
  private readonly server: net.Server;
  private readonly connections = new Set<Connection>();
  private serverVersion: string | null = null;
  /** The host name people connect to (the console shows it); set by whoever starts the listener. */
  shownHost = 'localhost';
  /** The server whose log store records the connections' events (set by whoever starts the listener; unset: every store). */
  logServer: unknown = undefined;
  /** The TLS offered to clients (null: SSLRequest is declined); from PLINTH_DB_TLS_CERT and PLINTH_DB_TLS_KEY unless given. */
  tls: WireTls | null;

  constructor(
    private readonly databases: WireDatabases,
    private readonly credentials: ProjectDatabaseCredentials,
    tls?: WireTls | null,
  ) {
    this.tls = tls === undefined ? wireTlsFromEnv() : tls;
    this.server = net.createServer((socket) => void this.accept(socket));
  }

  /** Listens on the port (0: any free port); answers the port. */
  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return this.port!;
  }

  get port(): number | null {
    const a = this.server.address();
    return typeof a === 'object' && a ? a.port : null;
  }

  get listening(): boolean {
    return this.server.listening;
  }

  /** Open connections to a project's database. */
  connectionCount(ref: string): number {
    let n = 0;
    for (const c of this.connections) if (c.ref === ref) n++;
    return n;
  }

  /** Ends every connection to a project (its password was reset, it is pausing, restarting or going away). */
  async disconnect(ref: string, reason = 'terminating connection due to administrator command'): Promise<void> {
    const ending = [...this.connections].filter((c) => c.ref === ref);
    await Promise.all(ending.map((c) => this.end(c, errorMessage('FATAL', '57P01', reason))));
  }

  async close(): Promise<void> {
    await Promise.all([...this.connections].map((c) => this.end(c, errorMessage('FATAL', '57P01', 'terminating connection due to administrator command'))));
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async end(c: Connection, last?: Buffer): Promise<void> {
    if (!this.connections.delete(c)) return;
    if (last && !c.socket.destroyed) c.socket.end(last);
    else c.socket.destroy();
    await c.session?.end();
  }

  private async accept(raw: net.Socket): Promise<void> {
    raw.setNoDelay(true);
    raw.on('error', () => undefined);
    /** The connection's socket: the accepted one, or the TLS socket over it after an SSLRequest. */
    let socket: net.Socket = raw;
    let encrypted = false;
    let buffer = Buffer.alloc(0);
    let waiting: ((b: Buffer) => void) | null = null;
    let closed = false;
    let conn: Connection | null = null;
    const wake = () => {
      const w = waiting;
      waiting = null;
      w?.(buffer);
    };
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      wake();
    };
    const onClose = () => {
      closed = true;
      wake();
      if (conn) void this.end(conn);
    };
    socket.on('data', onData);
    socket.on('close', onClose);
    /** Resolves once `n` bytes are buffered (null when the socket closed first). */
    const need = async (n: number): Promise<boolean> => {
      while (buffer.length < n) {
        if (closed) return false;
        await new Promise<Buffer>((r) => (waiting = r));
      }
      return true;
    };
    const take = (n: number) => {
      const out = buffer.subarray(0, n);
      buffer = buffer.subarray(n);
      return out;
    };
    const fatal = (code: string, text: string, detail?: string) => {
      if (!socket.destroyed) socket.end(errorMessage('FATAL', code, text, detail));
    };

    // Startup: SSL is accepted when the platform has a certificate (the client then starts TLS and
    // sends its startup message inside it); GSS encryption is declined (the client goes on in the
    // clear or gives up).
    let params: Map<string, string> | null = null;
    for (;;) {
      if (!(await need(8))) return;
      const length = buffer.readInt32BE(0);
      if (length < 8 || length > 10_000) return fatal('08P01', 'invalid startup packet length');
      if (!(await need(length))) return;
      const packet = take(length);
      const code = packet.readInt32BE(4);
      if (code === SSL_REQUEST && this.tls && !encrypted && buffer.length === 0) {
        // Nothing may come between the request and the TLS handshake (a client that sent more is
        // declined, as that data would be outside TLS).
        raw.off('data', onData);
        raw.write('S');
        const secure = upgradeToTls(raw, this.tls);
        secure.on('error', () => undefined);
        secure.on('data', onData);
        secure.on('close', onClose);
        socket = secure;
        encrypted = true;
        continue;
      }
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        socket.write('N');
        continue;
      }
      if (code === CANCEL_REQUEST) return void socket.destroy();
      if (code !== PROTOCOL_3) return fatal('0A000', `unsupported frontend protocol ${code >> 16}.${code & 0xffff}: server supports 3.0`);
      params = new Map();
      const parts = packet.subarray(8).toString('utf8').split('\0');
      for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) params.set(parts[i]!, parts[i + 1]!);
      break;
    }
    const user = params.get('user') ?? '';
    const database = params.get('database') ?? user;
    const ref = projectOfStartup(user, database);
    const application = (params.get('application_name') ?? '').slice(0, 64);
    // The project's Postgres logs see its connections as a server logs them (log_connections, log_disconnections).
    const logConnection = (level: string, action: string, message: string, sqlState?: string) => {
      if (ref) recordProjectLogEvent({ ref, source: 'postgres', level, action, message, role: 'postgres', origin: 'wire_protocol', ...(sqlState ? { sqlState } : {}), ...(application ? { detail: `application_name=${application}` } : {}) }, this.logServer);
    };

    // The password, by SCRAM-SHA-256 (RFC 5802/7677, as Postgres asks it): the client proves it
    // knows the project's password without sending it. An unknown project or user is asked the same
    // way and refused the same way as a wrong password.
    const readPassword = async (): Promise<Buffer | null> => {
      if (!(await need(5))) return null;
      if (buffer[0] !== 0x70) {
        fatal('08P01', `expected SASL response, got message type ${buffer[0]}`);
        return null;
      }
      const length = buffer.readInt32BE(1);
      if (length < 4 || length > 2_000) {
        fatal('08P01', 'invalid SASL packet');
        return null;
      }
      if (!(await need(1 + length))) return null;
      return take(1 + length).subarray(5);
    };
    const settings: ProjectDatabaseSettings | null = ref ? await this.credentials.settings(ref).catch(() => null) : null;
    if (settings?.sslEnforced && !encrypted) {
      // As Postgres refuses a client its pg_hba.conf lets in with hostssl only: before the password.
      logConnection('FATAL', 'connection_refused', `SSL connection is required for user "${user.slice(0, 100)}"`, '28000');
      return fatal('28000', `SSL connection is required for user "${user}"`, this.tls ? 'The project enforces SSL: connect with sslmode=require.' : 'The project enforces SSL, which this platform does not offer.');
    }
    const expected = settings && ref ? await this.credentials.password(ref, settings).catch(() => null) : null;
    const scram = new ScramExchange(expected ?? randomBytes(24).toString('base64url'));
    socket.write(message('R', Buffer.concat([int32(10), cstr('SCRAM-SHA-256'), Buffer.from([0])])));
    const initial = await readPassword();
    if (!initial) return;
    const mechanismEnd = initial.indexOf(0);
    const mechanism = initial.subarray(0, mechanismEnd).toString('utf8');
    if (mechanism !== 'SCRAM-SHA-256') return fatal('28000', `SASL authentication mechanism ${mechanism} is not supported: use SCRAM-SHA-256`);
    const serverFirst = scram.first(initial.subarray(mechanismEnd + 5).toString('utf8'));
    if (!serverFirst) return fatal('08P01', 'malformed SCRAM message');
    socket.write(message('R', Buffer.concat([int32(11), Buffer.from(serverFirst)])));
    const final = await readPassword();
    if (!final) return;
    const serverFinal = scram.final(final.toString('utf8'));
    if (!ref || !settings || !expected || !serverFinal) {
      // Only a project that exists has a log: a guessed ref leaves no row anywhere.
      if (settings) logConnection('FATAL', 'connection_refused', `password authentication failed for user "${user.slice(0, 100)}"`, '28P01');
      return fatal('28P01', `password authentication failed for user "${user}"`, ref ? undefined : 'Connect as postgres.<project ref> (the user name the project\'s Database settings show).');
    }
    socket.write(message('R', Buffer.concat([int32(12), Buffer.from(serverFinal)])));
    const db = await this.databases.wireDatabase(ref).catch(() => null);
    if (!db) return fatal('57P03', 'the database system is not accepting connections', `Project ${ref} is not running; restore it first.`);
    if (this.connectionCount(ref) >= (settings.connectionLimit ?? DEFAULT_CONNECTION_LIMIT)) {
      logConnection('FATAL', 'connection_refused', `too many connections for role "${user.slice(0, 100)}"`, '53300');
      return fatal('53300', `too many connections for role "${user}"`, `The project's connection limit is ${settings.connectionLimit ?? DEFAULT_CONNECTION_LIMIT}; change it in the project's Database settings.`);
    }
    if (closed) return;
    const startup = [...params].filter(([k]) => STARTUP_SETTINGS.has(k.toLowerCase())) as [string, string][];
    conn = { ref, socket, session: db.wireSession(startup) };
    this.connections.add(conn);
    const c = conn;
    const startedAt = performance.now();
    logConnection('LOG', 'connection_authorized', `connection authorized: user=${user.slice(0, 100)} database=${database.slice(0, 100)}`);
    socket.once('close', () => logConnection('LOG', 'disconnection', `disconnection: session time: ${((performance.now() - startedAt) / 1000).toFixed(3)} s`));

    const version = await this.version(c.session!).catch(() => null);
    if (!version) return void this.end(c, errorMessage('FATAL', '57P03', 'the database system is not accepting connections', 'The project database is busy; try again in a moment.'));
    const status = (k: string, v: string) => message('S', Buffer.concat([cstr(k), cstr(v)]));
    socket.write(
      Buffer.concat([
        message('R', int32(0)),
        status('server_version', version),
        status('server_encoding', 'UTF8'),
        status('client_encoding', 'UTF8'),
        status('DateStyle', 'ISO, MDY'),
        status('integer_datetimes', 'on'),
        status('standard_conforming_strings', 'on'),
        status('application_name', params.get('application_name') ?? ''),
        message('K', Buffer.concat([int32(randomInt(1, 2 ** 31 - 1)), int32(randomInt(1, 2 ** 31 - 1))])),
        message('Z', Buffer.from('I')),
      ]),
    );

    // Then the connection's messages, run in order as they complete.
    const timeoutMs = settings.statementTimeoutMs ?? this.databases.statementTimeoutMs;
    let idle: ReturnType<typeof setTimeout> | null = null;
    // The transaction status the connection was last told (ReadyForQuery), and whether the rest of
    // an extended-protocol batch is dropped up to its Sync after a statement was refused.
    let txStatus = 'I';
    let skipping = false;
    for (;;) {
      if (!(await need(5))) return;
      let size = 0;
      let terminate = false;
      let refused: string | null = null;
      // Every complete message buffered so far goes in one run, up to a statement refused.
      while (size + 5 <= buffer.length) {
        const len = buffer.readInt32BE(size + 1);
        if (len < 4) return void this.end(c, errorMessage('FATAL', '08P01', 'invalid message length'));
        if (size + 1 + len > buffer.length) break;
        const type = buffer[size];
        if (type === 0x58) {
          terminate = true;
          break;
        }
        if (skipping || (refused = refusal(type!, buffer.subarray(size + 5, size + 1 + len)))) break;
        size += 1 + len;
      }
      if (size === 0 && (skipping || refused) && buffer.length >= 5 && buffer.length >= 1 + buffer.readInt32BE(1)) {
        // Statements the embedded database cannot run are answered here, as Postgres answers an
        // error: the rest of an extended batch is dropped up to its Sync, then ReadyForQuery.
        const type = buffer[0];
        take(1 + buffer.readInt32BE(1));
        if (refused) socket.write(errorMessage('ERROR', '0A000', refused));
        if (type === 0x53 || type === 0x51) {
          skipping = false;
          socket.write(message('Z', Buffer.from(txStatus)));
        } else skipping = true;
        continue;
      }
      if (size === 0 && !terminate) {
        const len = buffer.readInt32BE(1);
        if (len > 256 * 1024 * 1024) return void this.end(c, errorMessage('FATAL', '08P01', 'message too large'));
        if (!(await need(1 + len))) return;
        continue;
      }
      if (idle) clearTimeout(idle);
      idle = null;
      if (size > 0) {
        const data = new Uint8Array(take(size));
        try {
          const out = await c.session!.run(data, timeoutMs);
          txStatus = lastReadyStatus(out) ?? txStatus;
          if (!socket.destroyed) socket.write(out);
        } catch (err) {
          const e = err as { code?: string; message?: string };
          const code = e.code && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : '57P01';
          return void this.end(c, errorMessage('FATAL', code, e.message ?? 'the project database stopped'));
        }
      }
      if (terminate) return void this.end(c);
      if (c.session!.holding) {
        idle = setTimeout(
          () => void this.end(c, errorMessage('FATAL', '25P03', 'terminating connection due to idle-in-transaction timeout', 'The embedded database serves one session; a transaction may stay idle 30 seconds at most.')),
          IDLE_IN_TRANSACTION_MS,
        );
        idle.unref();
      }
    }
  }

  /** The database's version, asked once through the first connection. */
  private async version(session: PgliteWireSession): Promise<string> {
    if (this.serverVersion) return this.serverVersion;
    // A simple query ('Q') through the connection's own turn: the answer's DataRow holds the version.
    const out = Buffer.from(await session.run(new Uint8Array(message('Q', cstr('show server_version'))), 10_000));
    let at = 0;
    while (at + 5 <= out.length) {
      const len = out.readInt32BE(at + 1);
      if (out[at] === 0x44) {
        const n = out.readInt32BE(at + 7);
        this.serverVersion = out.subarray(at + 11, at + 11 + n).toString('utf8');
      }
      at += 1 + len;
    }
    if (!this.serverVersion) throw new Error('no server version');
    return this.serverVersion;
  }
}
