// Tests only (never imported by an area's code, so no bundle carries it): an area's component
// tests against the real console API, started in-process on an embedded database. The API runs in
// a worker thread (a Node realm of its own: the server's crypto and byte arrays do not meet
// jsdom's globals), opened on a copy of a prepared data directory, so a test file's start-up is
// the server's boot and a sign-in, not a sign-up, an organization and a project.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configure, getConfig } from '@testing-library/react';
// eslint-disable-next-line no-restricted-imports, import/no-restricted-paths -- tests only: the real API's harness runs the server (never imported by an area's code)
import { createApiClient, type ApiClient } from '@plinth/platform-api/testing/api-client';
import { ApiError } from '@plinth/shared-contracts';
import type { AreaTestApi, FakeCall, Failure } from '../fake-api';
import type { AppCall, FromWorker, RealApiIdentity, ServedResponse, ToWorker } from './messages';

export type { AppCall, RealApiIdentity } from './messages';

/** What an app's call to the project's services answered. */
export interface AppAnswer {
  status: number;
  /** The body as JSON (null when empty or not JSON). */
  json: unknown;
  text: string;
}

export interface RealApi<Clients extends object = object> extends AreaTestApi {
  /** The area's clients (its `createApi`) over the real API, each call recorded and failed by name as the fake's. */
  clients: Clients;
  /** The project the area is opened on (the prepared one). */
  projectRef: string;
  /** The signed-in user (Owner of the organization): the area's session. */
  user: { id: string; email: string; username: string };
  organization: RealApiIdentity['organization'];
  /** A fetch to the console API as the signed-in user (paths start with /api). */
  fetch: typeof fetch;
  /** Every contracts client, as the signed-in user: how a test seeds data through the API. */
  platform: ApiClient;
  /** A call of an app to the project's services ("/rest/v1/todos"), with the project's anon key unless told. */
  app: (call: AppCall) => Promise<AppAnswer>;
  /** Writes out what the log store has queued (the app calls already do). */
  flushLogs: () => Promise<void>;
  /** Forgets the recorded calls and failures (done before each test by `useRealApi`). */
  reset: () => void;
  close: () => Promise<void>;
}

/** A message without its id (ask() numbers it). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.mjs');
const decoder = new TextDecoder();

/** A Blob's bytes where Blob has no arrayBuffer() (jsdom's Blob and File): read as the browser's FileReader reads them. */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The request body could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The error a client throws for a failure set by a test, as the real client throws a refusal. */
function refusal(failure: Failure): ApiError {
  return new ApiError(failure.status, failure.message, failure.code);
}

/** Each method of each client of `clients` recorded in `calls` and failed with `failures[name]`, then passed to the real client. */
function recorded<Clients extends object>(clients: Clients, calls: FakeCall[], failures: Record<string, Failure | undefined>): Clients {
  const wrapped: Record<string, unknown> = {};
  for (const [clientName, client] of Object.entries(clients)) {
    if (!client || typeof client !== 'object') {
      wrapped[clientName] = client;
      continue;
    }
    wrapped[clientName] = new Proxy(client as Record<string, unknown>, {
      get(target, property) {
        const value = target[property as string];
        if (typeof property !== 'string' || typeof value !== 'function') return value;
        const name = `${clientName}.${property}`;
        return async (...args: unknown[]) => {
          calls.push({ name, args });
          const failure = failures[name];
          if (failure) {
            await Promise.resolve();
            throw refusal(failure);
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }
  return wrapped as Clients;
}

/**
 * Starts the real API for one test file and returns the area's clients over it. `createApi` is
 * the area's own (`src/api.ts`); while it runs, the global `fetch` goes to this API (the area kit's
 * own calls, such as feature flags, too).
 */
export async function startRealApi<Clients extends object>(createApi: (apiBase: string) => Clients): Promise<RealApi<Clients>> {
  const worker = new Worker(WORKER);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 1;
  let failed: Error | null = null;
  worker.on('message', (answer: FromWorker) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.value);
    else waiting.reject(new Error(`The real API failed: ${answer.error}`));
  });
  worker.on('error', (error) => {
    failed = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  const ask = <T>(message: WithoutId<ToWorker>, id = next++): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (id !== 0) worker.postMessage({ ...message, id });
    });
  const identity = await ask<RealApiIdentity>({ op: 'flush' }, 0);

  const toResponse = (served: ServedResponse) => {
    const nullBody = served.status === 204 || served.status === 304 || served.body === null;
    return new Response(nullBody ? null : (served.body as Uint8Array<ArrayBuffer>), { status: served.status, headers: served.headers });
  };
  const apiFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const u = new URL(url, 'http://localhost');
    const headers: [string, string][] = [];
    new Headers(init.headers).forEach((value, name) => headers.push([name, value]));
    let body: Uint8Array | string | null = null;
    if (typeof init.body === 'string') body = init.body;
    else if (init.body instanceof ArrayBuffer || ArrayBuffer.isView(init.body)) body = new Uint8Array(init.body instanceof ArrayBuffer ? init.body : init.body.buffer.slice(init.body.byteOffset, init.body.byteOffset + init.body.byteLength));
    else if (init.body && typeof (init.body as Blob).arrayBuffer === 'function') body = new Uint8Array(await (init.body as Blob).arrayBuffer());
    else if (init.body && typeof FileReader === 'function' && init.body instanceof Blob) body = await blobBytes(init.body);
    else if (init.body != null) throw new Error('The real API takes a string, bytes or a Blob as a request body');
    const served = await ask<ServedResponse>({ op: 'fetch', method: (init.method ?? 'GET').toUpperCase(), url: u.pathname + u.search, headers, body });
    return toResponse(served);
  }) as typeof fetch;

  const original = globalThis.fetch;
  globalThis.fetch = apiFetch;
  const calls: FakeCall[] = [];
  const failures: Record<string, Failure | undefined> = {};
  const names = () => calls.map((c) => c.name);
  let closed = false;
  return {
    clients: recorded(createApi('/api'), calls, failures),
    projectRef: identity.projectRef,
    user: { id: identity.userId, email: identity.email, username: identity.email.split('@')[0]! },
    organization: identity.organization,
    fetch: apiFetch,
    platform: createApiClient({ baseUrl: '/api', fetch: apiFetch, csrfToken: () => undefined }),
    calls,
    failures,
    callNames: names,
    argsOf: (name) => calls.filter((c) => c.name === name).map((c) => c.args),
    writes: () => names().filter((name) => !/\.(list|get)[A-Z]?/.test(name)),
    app: async (call) => {
      const served = await ask<ServedResponse>({ op: 'app', call });
      const text = served.body ? decoder.decode(served.body) : '';
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: served.status, json, text };
    },
    flushLogs: () => ask<void>({ op: 'flush' }),
    reset: () => {
      calls.length = 0;
      for (const name of Object.keys(failures)) delete failures[name];
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (globalThis.fetch === apiFetch) globalThis.fetch = original;
      await ask<void>({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * The real API for the test file that calls it (at its top level): started before its first
 * test, its recorded calls and failures forgotten before each test, closed after the last. The
 * answer is filled in once started: read its fields inside tests and hooks.
 */
export function useRealApi<Clients extends object>(createApi: (apiBase: string) => Clients, options: { startTimeoutMs?: number; waitForMs?: number } = {}): RealApi<Clients> {
  const handle = {} as RealApi<Clients>;
  let waitedFor = getConfig().asyncUtilTimeout;
  beforeAll(async () => {
    Object.assign(handle, await startRealApi(createApi));
    // A real answer takes longer than the fake's (a database, a shared machine): findBy… and waitFor wait up to 5 s.
    waitedFor = getConfig().asyncUtilTimeout;
    configure({ asyncUtilTimeout: Math.max(waitedFor, options.waitForMs ?? 5_000) });
  }, options.startTimeoutMs ?? 120_000);
  beforeEach(() => handle.reset?.());
  afterAll(async () => {
    configure({ asyncUtilTimeout: waitedFor });
    await handle.close?.();
  }, 30_000);
  return handle;
}
