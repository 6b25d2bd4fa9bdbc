export { Dialog, DialogClose, dialogFooterStyle } from './Dialog';
export type { DialogProps, DialogSize } from './Dialog';
