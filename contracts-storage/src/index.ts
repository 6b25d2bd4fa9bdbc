export * from './storage';
export * from './storage-resumable';
export * from './query-keys';
