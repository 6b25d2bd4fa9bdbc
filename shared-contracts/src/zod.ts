// The contracts' zod: the tree-shakable `zod/mini` build with English messages configured once.
// zod/mini loads no locale by itself; without this call every issue would read "Invalid input".
// package.json lists this file under "sideEffects" so bundlers keep the config call.
// Use it as `import * as z from './zod'` (or '@plinth/shared-contracts/zod'): webpack tree-shakes
// a namespace import of this module, but not a `z` namespace object re-exported from it.
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
