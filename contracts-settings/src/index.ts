export * from './settings';
export * from './integrations';
