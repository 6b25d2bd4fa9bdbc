export * from './deps';
