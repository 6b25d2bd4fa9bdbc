export * from './logs';
export * from './logs-requests';
export * from './logs-report';
export * from './query-keys';
export * from './logs-sql';
export * from './reports-database';
export * from './reports-api';
