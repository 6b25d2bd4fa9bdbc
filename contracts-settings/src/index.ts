export * from './settings';
export * from './integrations';
export * from './query-keys';
export * from './branching';
export * from './database-settings';
export * from './api-settings';
export * from './feature-flag-admin';
export * from './vault';
