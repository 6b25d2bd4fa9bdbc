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
