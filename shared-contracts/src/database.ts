import type { Http } from './http';

// Schemas, types and calls of the database domain.
export function createDatabaseClient(http: Http) {
  void http;
  return {};
}
