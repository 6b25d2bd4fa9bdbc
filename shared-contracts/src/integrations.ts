import type { Http } from './http';

// Schemas, types and calls of the integrations domain.
export function createIntegrationsClient(http: Http) {
  void http;
  return {};
}
