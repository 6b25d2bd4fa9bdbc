export * from './settings';
export * from './integrations';
export * from './query-keys';
