import type { Http } from './http';

// Schemas, types and calls of the snippets domain.
export function createSnippetsClient(http: Http) {
  void http;
  return {};
}
