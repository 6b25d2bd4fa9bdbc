// The server packages' shared test settings.
export { default } from './vitest.base';
