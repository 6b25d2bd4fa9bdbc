export * from './http';
export * from './mount';
export * from './version';
export * from './permissions';
