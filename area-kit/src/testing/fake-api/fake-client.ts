import { ApiError } from '@plinth/shared-contracts';

/** A failed answer the fake gives: what the platform API says when it refuses (status, message, code). */
export interface Failure {
  status: number;
  message: string;
  code?: string;
}

/** One call the area made, by the contracts' client and method: "storage.deleteBucket". */
export interface FakeCall {
  name: string;
  args: unknown[];
}

/** Anything with a zod `parse` (the contracts' schemas). */
interface Schema<T> {
  parse: (value: unknown) => T;
}

/** An answer checked by the contracts' schema for it, as the real client checks the API's. */
export function answer<T>(schema: Schema<T>, value: unknown): T {
  return schema.parse(value);
}

/** A list answer, each entry checked by the schema of one entry. */
export function answerEach<T>(schema: Schema<T>, values: readonly unknown[]): T[] {
  return values.map((value) => schema.parse(value));
}

/** The error the real client throws for a refusal of the platform API. */
export function refuse(status: number, message: string, code?: string): never {
  throw new ApiError(status, message, code);
}

/** Handlers for some methods of one of the contracts' clients. */
export type Handlers<Client> = { [K in keyof Client]?: Client[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R | Promise<R> : never };

export interface CallLog {
  calls: FakeCall[];
  failures: Record<string, Failure | undefined>;
}

/**
 * A stand-in for one of the contracts' clients: each method the handlers answer is recorded, fails
 * with the failure set for it, and answers asynchronously as a request would; any other method
 * throws, naming the handler set to extend.
 */
export function fakeClient<Client>(clientName: string, handlers: Handlers<Client>, log: CallLog): Client {
  return new Proxy({} as Record<string, unknown>, {
    get(_target, property) {
      if (typeof property !== 'string') return undefined;
      const name = `${clientName}.${property}`;
      const handler = (handlers as Record<string, ((...args: unknown[]) => unknown) | undefined>)[property];
      return async (...args: unknown[]) => {
        log.calls.push({ name, args });
        await Promise.resolve();
        const failure = log.failures[name];
        if (failure) refuse(failure.status, failure.message, failure.code);
        if (!handler) throw new Error(`The fake API has no answer for ${name}: add it to a handler set of @plinth/area-kit/testing`);
        return handler(...args);
      };
    },
  }) as Client;
}
