// What a test file and its real API's worker say to each other (structured-clone values only).

/** Who the test file is signed in as, and where. */
export interface RealApiIdentity {
  email: string;
  password: string;
  userId: string;
  organization: { id: number; name: string; slug: string };
  projectRef: string;
  /** The prepared session's cookies (signed in again when it has ended). */
  cookies: Record<string, string>;
  /** The project's API keys, for calls of an app. */
  anonKey: string;
  serviceKey: string;
}

/** A call of an app to the project's services: a path below the project's URL ("/rest/v1/todos"). */
export interface AppCall {
  method: string;
  path: string;
  /** Which project API key the app sends (default the anon key). */
  key?: 'anon' | 'service_role';
  /** A user's access token instead of the key, as the Authorization bearer. */
  token?: string;
  headers?: Record<string, string>;
  /** JSON (or a string sent as is). */
  body?: unknown;
  /** Made this many minutes ago (the log records it then). */
  minutesAgo?: number;
}

export interface ServedResponse {
  status: number;
  headers: [string, string][];
  body: Uint8Array | null;
}

export type ToWorker =
  | { id: number; op: 'fetch'; method: string; url: string; headers: [string, string][]; body: Uint8Array | string | null }
  | { id: number; op: 'app'; call: AppCall }
  | { id: number; op: 'flush' }
  | { id: number; op: 'close' };

export type FromWorker = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
