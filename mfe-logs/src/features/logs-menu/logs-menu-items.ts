import { LOG_SOURCE_IDS, type LogSourceId } from '@plinth/contracts-logs';

/** Path of a log source's page. */
export function logSourcePath(id: LogSourceId): string {
  return `logs/${id}`;
}

export function isLogSourceId(value: string): value is LogSourceId {
  return (LOG_SOURCE_IDS as readonly string[]).includes(value);
}
