export * from './storage';
export * from './storage-resumable';
