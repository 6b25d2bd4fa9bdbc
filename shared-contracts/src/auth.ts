import type { Http } from './http';

// Schemas, types and calls of the auth domain.
export function createAuthClient(http: Http) {
  void http;
  return {};
}
