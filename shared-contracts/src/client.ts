import { createHttp, type Http, type HttpOptions } from './http';

type ClientFactories = Record<string, (http: Http) => unknown>;
export type ClientsOf<F extends ClientFactories> = { http: Http } & { [K in keyof F]: ReturnType<F[K]> };

/**
 * Only the named clients, over one new connection: a bundle that lists the calls it makes
 * (`createClients({ baseUrl }, { storage: createStorageClient })`, that client from
 * @plinth/contracts-storage) carries only those calls and their schemas. Every call at once is
 * the API's test harness's `createApiClient` (@plinth/platform-api/testing), never the console's.
 */
export function createClients<F extends ClientFactories>(options: HttpOptions, factories: F): ClientsOf<F> {
  const http = createHttp(options);
  const clients = Object.fromEntries(Object.entries(factories).map(([name, create]) => [name, create(http)]));
  return { ...clients, http } as ClientsOf<F>;
}

type AsyncClient = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * A client factory whose module loads on the client's first call, for the calls a bundle makes
 * only on some of its pages: its schemas stay out of the first load. Every method of the client
 * must return a promise (the calls do). `load` is a dynamic import of a module that re-exports the
 * factory, e.g. `lazyClient(() => import('./later-clients').then((m) => m.createTableRowsClient))`;
 * a failed load rejects that call and the next call tries again.
 */
export function lazyClient<C extends AsyncClient>(load: () => Promise<(http: Http) => C>): (http: Http) => C {
  return (http) => {
    let client: Promise<C> | null = null;
    const ready = () =>
      (client ??= load().then(
        (create) => create(http),
        (error: unknown) => {
          client = null;
          throw error;
        },
      ));
    const methods = new Map<PropertyKey, (...args: never[]) => Promise<unknown>>();
    return new Proxy({} as C, {
      get(_, name) {
        if (typeof name !== 'string' || name === 'then') return undefined;
        let method = methods.get(name);
        if (!method) {
          method = (...args: never[]) =>
            ready().then((c) => {
              const call = c[name];
              if (typeof call !== 'function') throw new TypeError(`This client has no call named ${name}`);
              return call(...args);
            });
          methods.set(name, method);
        }
        return method;
      },
    });
  };
}
