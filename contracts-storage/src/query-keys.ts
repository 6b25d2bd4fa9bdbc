// The storage domain's React Query keys, beside its calls. Plain tuples: an area takes them through
// `areaQueryKeys(areaId, storageQueryKeys)` (@plinth/area-kit), which puts them under its own
// prefix in the cache the host shares with every area. Invalidate by the shorter keys (`folders`,
// `folderPath`) to reach every longer key that starts with them.
export const storageQueryKeys = {
  buckets: (ref: string) => ['projects', ref, 'buckets'] as const,
  storageConfig: (ref: string) => ['projects', ref, 'storage-config'] as const,
  /** Every page of every listing of one bucket (the prefix of `folder`). */
  folders: (ref: string, bucketId: string) => ['storage', ref, 'objects', bucketId] as const,
  /** Every listing of one folder, whatever its sort or search (the prefix of `folder`). */
  folderPath: (ref: string, bucketId: string, path: string) => ['storage', ref, 'objects', bucketId, path] as const,
  folder: (ref: string, bucketId: string, path: string, sortBy: string, order: string, search: string) =>
    ['storage', ref, 'objects', bucketId, path, sortBy, order, search] as const,
  previewUrl: (ref: string, bucketId: string, itemId: string, path: string) => ['storage', ref, 'preview-url', bucketId, itemId, path] as const,
  previewText: (ref: string, url: string) => ['storage', ref, 'preview-text', url] as const,
};
