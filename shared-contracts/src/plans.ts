import type { Http } from './http';

// Schemas, types and calls of the plans domain.
export function createPlansClient(http: Http) {
  void http;
  return {};
}
