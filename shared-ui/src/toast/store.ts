import { createStore } from 'zustand/vanilla';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface NoticeInput {
  kind: ToastKind;
  message: string;
  /** How long it stays, in milliseconds. Default 4000. */
  durationMs?: number;
}

export interface Toast extends Required<NoticeInput> {
  id: number;
}

export const DEFAULT_TOAST_DURATION_MS = 4000;
/** At most this many notices on screen; the oldest leaves first. */
export const MAX_VISIBLE_TOASTS = 5;

interface ToastState {
  toasts: Toast[];
  nextId: number;
}

function createToastStore() {
  return createStore<ToastState>(() => ({ toasts: [], nextId: 1 }));
}

/**
 * One store for the whole page, even when a build ends up with two copies of this module: areas
 * call `notify` and the host's `Toaster` shows the notice.
 */
const STORE_KEY = Symbol.for('plinth.shared-ui.toast-store');
const globalSlot = globalThis as unknown as Record<symbol, ReturnType<typeof createToastStore> | undefined>;
export const toastStore = globalSlot[STORE_KEY] ?? (globalSlot[STORE_KEY] = createToastStore());

/** Shows a notice in the page's Toaster. Returns its id (for `dismissToast`). */
export function notify({ kind, message, durationMs = DEFAULT_TOAST_DURATION_MS }: NoticeInput): number {
  const { toasts, nextId } = toastStore.getState();
  const toast: Toast = { id: nextId, kind, message, durationMs };
  toastStore.setState({ toasts: [...toasts, toast].slice(-MAX_VISIBLE_TOASTS), nextId: nextId + 1 });
  return toast.id;
}

export function dismissToast(id: number): void {
  toastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

export function clearToasts(): void {
  toastStore.setState({ toasts: [] });
}
