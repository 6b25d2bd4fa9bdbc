export * from './plans';
export * from './usage';
export * from './subscription';
export * from './invoices';
export * from './query-keys';
export * from './account';
export * from './team';
export * from './addons';
