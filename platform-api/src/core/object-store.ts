import type { ObjectStore } from './deps';

/** Files on local disk under `dir`; writes land under a temporary name and are renamed when complete. */
export function createDiskObjectStore(dir: string): ObjectStore {
  void dir;
  throw new Error('createDiskObjectStore is not implemented yet');
}
