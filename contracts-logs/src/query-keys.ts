// The logs domain's React Query keys, beside its calls. Plain tuples: an area takes them through
// `areaQueryKeys(areaId, logsQueryKeys)` (@plinth/area-kit), which puts them under its own prefix
// in the cache the host shares with every area.
export const logsQueryKeys = {
  projectLogs: (ref: string, scope: unknown, filters: unknown) => ['project-logs', ref, scope, filters] as const,
  apiReport: (ref: string, window: string, service: string | undefined) => ['projects', ref, 'logs', 'report', window, service ?? 'all'] as const,
};
