// The real API's worker thread: a Node realm of its own (jsdom's globals stay in the test's
// thread), where tsx loads the server's TypeScript. See index.ts.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('./server.ts');
await run();
