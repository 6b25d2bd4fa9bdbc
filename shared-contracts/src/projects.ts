import type { Http } from './http';

// Schemas, types and calls of the projects domain.
export function createProjectsClient(http: Http) {
  void http;
  return {};
}
