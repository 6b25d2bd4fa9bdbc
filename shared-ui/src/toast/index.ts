export { Toaster } from './Toaster';
export { notify, dismissToast, clearToasts, toastStore, DEFAULT_TOAST_DURATION_MS, MAX_VISIBLE_TOASTS } from './store';
export type { NoticeInput, Toast, ToastKind } from './store';
