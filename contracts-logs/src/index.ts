export * from './logs';
export * from './logs-requests';
export * from './logs-report';
