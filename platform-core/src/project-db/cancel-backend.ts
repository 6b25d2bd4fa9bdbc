import pg from 'pg';

// Server mode: the platform stops a statement from outside its session. Postgres' cancel request
// names the backend by its process id and the secret key it gave this connection alone at login,
// so it reaches that one session and needs no privilege on the server (no pg_cancel_backend, no
// look-up in pg_stat_activity, where other tenants' sessions are listed).

/** How long past its time limit a statement may run before the platform cancels it from outside. */
export const OUTSIDE_LIMIT_GRACE_MS = 1_000;

interface Backend {
  processID: number | null;
  secretKey: number | null;
  host: string;
  port: number;
}

/** Sends the cancel request for the statement running on this connection; resolves once it is sent (or cannot be). */
export function cancelBackend(client: pg.Client | pg.PoolClient): Promise<void> {
  const backend = client as unknown as Backend;
  if (backend.processID == null || backend.secretKey == null) return Promise.resolve();
  const { processID, secretKey } = backend;
  return new Promise<void>((resolve) => {
    // A client never connected: its Connection opens the socket the request goes on.
    const carrier = new pg.Client({ host: backend.host, port: backend.port });
    const con = (carrier as unknown as { connection: { connect(port: number, host: string): void; cancel(pid: number, key: number): void; on(e: string, f: (...a: unknown[]) => void): void; end?: () => void; stream?: { destroy(): void } } }).connection;
    const done = () => {
      clearTimeout(timer);
      con.stream?.destroy();
      resolve();
    };
    const timer = setTimeout(done, 5_000);
    con.on('error', done);
    con.on('end', done);
    con.on('connect', () => con.cancel(processID, secretKey));
    if (backend.host.startsWith('/')) (con as unknown as { connect(path: string): void }).connect(`${backend.host}/.s.PGSQL.${backend.port}`);
    else con.connect(backend.port, backend.host);
  });
}

/**
 * Runs `run` (a statement on `client`) under a time limit kept from outside the session: past
 * `limitMs` plus the grace, the statement is cancelled by the platform, whatever the session set
 * its own statement_timeout to, and `onOverrun` is told (the connection is then never reused, so
 * a late cancel can reach no one else's statement). Postgres answers such a statement with the
 * time-out error (57014).
 */
export function withOutsideLimit<R>(client: pg.Client | pg.PoolClient, limitMs: number, run: Promise<R>, onOverrun: () => void): Promise<R> {
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    onOverrun();
    void cancelBackend(client);
  }, limitMs + OUTSIDE_LIMIT_GRACE_MS);
  timer.unref?.();
  return run.then(
    (out) => {
      clearTimeout(timer);
      return out;
    },
    (err) => {
      clearTimeout(timer);
      if (fired && (err as { code?: string })?.code === '57014') {
        throw Object.assign(err as Error, { message: 'canceling statement due to statement timeout' });
      }
      throw err;
    },
  );
}
