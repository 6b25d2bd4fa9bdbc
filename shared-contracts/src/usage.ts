import type { Http } from './http';

// Schemas, types and calls of the usage domain.
export function createUsageClient(http: Http) {
  void http;
  return {};
}
