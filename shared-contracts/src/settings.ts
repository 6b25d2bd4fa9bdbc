import type { Http } from './http';

// Schemas, types and calls of the settings domain.
export function createSettingsClient(http: Http) {
  void http;
  return {};
}
