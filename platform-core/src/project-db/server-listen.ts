import pg from 'pg';
import { quoteIdent } from '../database-error';
import { PLATFORM_SESSION_OPTIONS } from './owner-role';

type OnNotify = (payload: string | null) => void;

/**
 * A project database's LISTEN on a Postgres server (ProjectDatabase.listen): one connection of the
 * platform's role, apart from the pools and not counted as use, kept while the database's
 * connections are open. Whoever listens is told null once it is up (anything sent before was not
 * heard) and again when it ends (the database's connections were closed for being idle, or the
 * connection was lost); the next use of the database opens it again.
 */
export class ServerChannelListener {
  /** Who hears each channel. */
  private readonly listeners = new Map<string, Set<OnNotify>>();
  private client: pg.Client | null = null;
  private opening: Promise<void> | null = null;
  private retryAt = 0;

  /** `mayStay`: whether the database's connections are still open once this one is (else it ends at once). */
  constructor(
    private readonly connectionString: string,
    private readonly mayStay: () => boolean,
  ) {}

  get open(): boolean {
    return this.client !== null;
  }

  private heard(channel: string | null, payload: string | null): void {
    for (const [name, set] of this.listeners) if (channel === null || name === channel) for (const onNotify of set) onNotify(payload);
  }

  /** Opens the connection when someone listens and it is not open (each use of the database calls it; a failed try waits 5 s). */
  ensure(): void {
    if (this.listeners.size && !this.client && !this.opening && Date.now() >= this.retryAt) void this.connect();
  }

  private connect(): Promise<void> {
    this.opening ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, options: PLATFORM_SESSION_OPTIONS });
      client.on('error', () => undefined);
      client.on('notification', (n) => this.heard(n.channel, n.payload ?? ''));
      client.on('end', () => {
        if (this.client !== client) return;
        this.client = null;
        this.heard(null, null);
      });
      try {
        await client.connect();
        for (const channel of this.listeners.keys()) await client.query(`listen ${quoteIdent(channel)}`);
      } catch {
        this.retryAt = Date.now() + 5_000;
        await client.end().catch(() => undefined);
        return;
      }
      if (!this.mayStay()) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.heard(null, null);
    })().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  /**
   * NOTIFYs committed by any session on `channel` reach `onNotify` (null while listening was
   * interrupted). `openConnections` opens the database's connections when none are (which opens this one).
   */
  async listen(channel: string, onNotify: OnNotify, openConnections: () => void): Promise<() => void> {
    let heard = this.listeners.get(channel);
    const added = !heard;
    if (!heard) this.listeners.set(channel, (heard = new Set()));
    heard.add(onNotify);
    if (this.opening) await this.opening;
    if (this.client && added) await this.client.query(`listen ${quoteIdent(channel)}`).catch(() => undefined);
    else if (!this.client) {
      openConnections();
      await this.opening;
    }
    return () => void heard.delete(onNotify);
  }

  /** Ends the connection with the database's others: whoever listens is told null. */
  async end(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    this.heard(null, null);
    await client.end().catch(() => undefined);
  }
}
