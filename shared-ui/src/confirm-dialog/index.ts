export { ConfirmByTypingDialog, confirmValueError, CONFIRM_VALUE_REQUIRED, CONFIRM_VALUE_MISMATCH } from './ConfirmDialog';
export type { ConfirmByTypingDialogProps } from './ConfirmDialog';
