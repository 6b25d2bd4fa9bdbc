export * from './plans';
export * from './usage';
export * from './query-keys';
