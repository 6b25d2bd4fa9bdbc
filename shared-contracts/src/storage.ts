import type { Http } from './http';

// Schemas, types and calls of the storage domain.
export function createStorageClient(http: Http) {
  void http;
  return {};
}
