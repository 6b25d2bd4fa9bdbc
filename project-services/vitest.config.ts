// The server packages' shared test settings.
export { default } from '../platform-core/vitest.base';
