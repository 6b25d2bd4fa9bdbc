export * from './auth-users';
