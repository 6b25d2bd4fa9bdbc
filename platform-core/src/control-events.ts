import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ControlDatabase } from './core-types';

/** The Postgres channel every instance on one control database listens on. */
export const CONTROL_EVENTS_CHANNEL = 'plinth_control';
/** NOTIFY refuses payloads of 8000 bytes or more: a longer message is sent as a resync of every cache. */
const MAX_PAYLOAD = 7000;
const RECONNECT_MS = 1000;

/**
 * Messages between the API instances on one control database: a cache of control data that an
 * instance changed tells the others to drop their copy. On a Postgres server they travel by
 * LISTEN/NOTIFY on one connection of their own; on the embedded database there is only one
 * instance (its data directory is locked), so there is no one to tell and `publish` does nothing.
 * The instance that publishes has already dropped or updated its own copy: it never hears itself.
 */
export interface ControlEvents {
  /** Runs `handler` for each message of `topic` another instance publishes. */
  on(topic: string, handler: (payload: string) => void): void;
  /**
   * Runs `handler` when messages may have been lost (the listening connection broke and came
   * back, or a message was too long): every cache drops everything it holds.
   */
  onResync(handler: () => void): void;
  /** Tells the other instances; never throws (a failed send is logged by `warn` and the others' copies age out). */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

interface Handlers {
  topics: Map<string, ((payload: string) => void)[]>;
  resync: (() => void)[];
}

function dispatch(handlers: Handlers, topic: string, payload: string): void {
  for (const handler of handlers.topics.get(topic) ?? []) handler(payload);
}

/** One process alone on its control database: nothing to tell anyone. */
export function localControlEvents(): ControlEvents {
  return {
    on: () => undefined,
    onResync: () => undefined,
    publish: async () => undefined,
    close: async () => undefined,
  };
}

/**
 * Listens on the control database's server (its own connection, opened again after a break, which
 * resyncs every cache) and publishes through `control` (pg_notify, delivered to every listener).
 */
export async function serverControlEvents(
  databaseUrl: string,
  control: Pick<ControlDatabase, 'query'>,
  warn: (message: string, err?: unknown) => void = () => undefined,
): Promise<ControlEvents> {
  const instance = randomUUID();
  const handlers: Handlers = { topics: new Map(), resync: [] };
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const resync = () => {
    for (const handler of handlers.resync) handler();
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel !== CONTROL_EVENTS_CHANNEL || !msg.payload) return;
      let parsed: { i?: unknown; t?: unknown; p?: unknown };
      try {
        parsed = JSON.parse(msg.payload) as typeof parsed;
      } catch {
        return;
      }
      if (parsed.i === instance || typeof parsed.t !== 'string') return;
      if (parsed.t === '*') resync();
      else if (typeof parsed.p === 'string') dispatch(handlers, parsed.t, parsed.p);
    });
    const broken = (err?: unknown) => {
      if (closed || client !== c) return;
      client = null;
      warn('control events: the listening connection broke; caches resync once it is back', err);
      c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', broken);
    c.on('end', () => broken());
    await c.connect();
    await c.query(`listen ${CONTROL_EVENTS_CHANNEL}`);
    client = c;
  };

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        // Messages sent while no one listened are lost: everything cached is read afresh.
        resync,
        (err) => {
          warn('control events: could not listen again', err);
          schedule();
        },
      );
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();

  return {
    on(topic, handler) {
      handlers.topics.set(topic, [...(handlers.topics.get(topic) ?? []), handler]);
    },
    onResync(handler) {
      handlers.resync.push(handler);
    },
    async publish(topic, payload) {
      let message = JSON.stringify({ i: instance, t: topic, p: payload });
      if (Buffer.byteLength(message) > MAX_PAYLOAD) message = JSON.stringify({ i: instance, t: '*' });
      try {
        await control.query('select pg_notify($1, $2)', [CONTROL_EVENTS_CHANNEL, message]);
      } catch (err) {
        warn(`control events: could not publish ${topic}`, err);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** The control events of a control database: LISTEN/NOTIFY on a server, none on the embedded database. */
export function openControlEvents(
  opts: { databaseUrl: string | null; control: Pick<ControlDatabase, 'query'>; warn?: (message: string, err?: unknown) => void },
): Promise<ControlEvents> {
  return opts.databaseUrl ? serverControlEvents(opts.databaseUrl, opts.control, opts.warn) : Promise.resolve(localControlEvents());
}
