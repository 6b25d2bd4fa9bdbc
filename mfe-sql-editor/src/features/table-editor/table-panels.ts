import { lazyWithPreload } from '@plinth/area-kit';

// The side panels of the table editor menu, each in its own chunk: loaded when first opened, or
// ahead when the pointer or focus comes near the button that opens it.

export const CreateTablePanel = lazyWithPreload(() => import('./CreateTablePanel').then((m) => m.default));
export const EditTablePanel = lazyWithPreload(() => import('./EditTablePanel').then((m) => m.default));
export const DuplicateTablePanel = lazyWithPreload(() => import('./DuplicateTablePanel').then((m) => m.default));
export const DeleteTablePanel = lazyWithPreload(() => import('./DeleteTablePanel').then((m) => m.default));
