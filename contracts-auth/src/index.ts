export * from './auth-users';
export * from './query-keys';
