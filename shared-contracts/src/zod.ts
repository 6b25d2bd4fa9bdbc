// The contracts' zod: the tree-shakable `zod/mini` build with English messages configured once.
// zod/mini loads no locale by itself; without this call every issue would read "Invalid input".
// package.json lists this file under "sideEffects" so bundlers keep the config call.
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());

export { z };
