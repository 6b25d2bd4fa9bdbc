import * as z from './zod';
import { PRELOAD_GLOBAL } from './preload-global';
import { takePreloaded } from './preloaded';

/** The one error every client call throws: the HTTP status and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  constructor(status: number, message: string, code?: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Body of every error answer of the platform API. */
export interface ErrorBody {
  message: string;
  code?: string;
  /** For validation errors: the path of the field that is wrong, e.g. "name" or "roles.0". */
  field?: string;
}

export const CSRF_COOKIE = 'plinth_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'plinth_session';
/**
 * Over HTTPS the console's cookies carry the `__Host-` prefix: the browser keeps them to the exact
 * host that set them (Secure, Path=/, no Domain), so no other host (a project's services among
 * them) can set, overwrite or shadow them.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/** The CSRF token the console's page echoes: the `__Host-` cookie over HTTPS, the plain one over HTTP. */
export function readCsrfCookie(): string | undefined {
  return readCookie(HOST_COOKIE_PREFIX + CSRF_COOKIE) ?? readCookie(CSRF_COOKIE);
}

export interface HttpOptions {
  /** Where the platform API is mounted, e.g. "/api" or "http://127.0.0.1:4000/api". */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Where the CSRF token comes from; defaults to the browser's cookie. */
  csrfToken?: () => string | undefined;
  /** Extra headers on every call (server-to-server tests use a cookie header). */
  headers?: () => Record<string, string>;
}

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Any zod 4 schema (mini or classic) whose output is T. */
  schema?: z.core.$ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Answer is a binary body: returns a Blob. */
  binary?: boolean;
  /** Raw body (file upload), sent as is with its content type. */
  raw?: { data: Blob | ArrayBuffer | Uint8Array; contentType: string };
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

export function encodePath(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

export type Http = <T = unknown>(method: string, path: string, options?: RequestOptions<T>) => Promise<T>;

export function createHttp(options: HttpOptions): Http {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = options.baseUrl.replace(/\/$/, '');
  return async function request<T>(method: string, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const qs = opts.query
      ? Object.entries(opts.query)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
          .join('&')
      : '';
    const url = `${base}${path}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json', ...(options.headers?.() ?? {}), ...(opts.headers ?? {}) };
    let body: BodyInit | undefined;
    if (opts.raw) {
      headers['content-type'] = opts.raw.contentType;
      body = opts.raw.data as BodyInit;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (method !== 'GET' && method !== 'HEAD') {
      const token = options.csrfToken ? options.csrfToken() : readCsrfCookie();
      if (token) headers[CSRF_HEADER] = token;
    }
    let signal = opts.signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (opts.timeoutMs) {
      const controller = new AbortController();
      timer = setTimeout(() => controller.abort(new ApiError(0, `Request timed out after ${opts.timeoutMs} ms`, 'TIMEOUT')), opts.timeoutMs);
      opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason));
      signal = controller.signal;
    }
    // A GET the page preloaded (an area page's first calls, preloaded.ts) takes that answer once;
    // any other call drops the kept answers, so none read before a change is taken after it.
    const page = globalThis as unknown as Record<string, unknown>;
    const preloaded = method === 'GET' && body === undefined && !options.headers && !opts.headers && !signal?.aborted && page[PRELOAD_GLOBAL] ? takePreloaded(url) : null;
    if (method !== 'GET' && method !== 'HEAD') delete page[PRELOAD_GLOBAL];
    let res: Response;
    try {
      const early = preloaded ? await preloaded : null;
      res = early ?? (await doFetch(url, { method, headers, body, signal, credentials: 'include' }));
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (signal?.aborted && signal.reason instanceof ApiError) throw signal.reason;
      if ((err as Error)?.name === 'AbortError') throw err;
      throw new ApiError(0, `Network error: ${(err as Error)?.message ?? String(err)}`, 'NETWORK');
    } finally {
      if (timer) clearTimeout(timer);
    }
    if (!res.ok) {
      let payload: Partial<ErrorBody> = {};
      try {
        payload = (await res.json()) as ErrorBody;
      } catch {
        /* non-JSON error body */
      }
      throw new ApiError(res.status, payload.message ?? res.statusText ?? `HTTP ${res.status}`, payload.code, payload);
    }
    if (opts.binary) return (await res.blob()) as T;
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    if (!opts.schema) return data as T;
    const parsed = z.safeParse(opts.schema, data);
    if (!parsed.success) {
      throw new ApiError(res.status, `Unexpected answer from ${method} ${path}: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(), 'BAD_RESPONSE');
    }
    return parsed.data;
  };
}
