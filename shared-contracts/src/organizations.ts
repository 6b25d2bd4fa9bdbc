import type { Http } from './http';

// Schemas, types and calls of the organizations domain.
export function createOrganizationsClient(http: Http) {
  void http;
  return {};
}
