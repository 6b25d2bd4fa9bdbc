import { useEffect, useState } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { css } from '@emotion/react';
import { useStore } from 'zustand';
import { tokens } from '@plinth/shared-ui/theme';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '@plinth/shared-ui/icons';
import { closeButtonStyle } from '../internal/overlayStyles';
import { dismissToast, toastStore, type Toast, type ToastKind } from './store';

const accent: Record<ToastKind, string> = {
  success: tokens.color.successText,
  error: tokens.color.dangerText,
  warning: tokens.color.warningText,
  info: tokens.color.brandText,
};

const icons = { success: SuccessIcon, error: ErrorIcon, warning: WarningIcon, info: InfoIcon } as const;

const viewportStyle = css({
  position: 'fixed',
  bottom: 0,
  right: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  width: 380,
  maxWidth: '100vw',
  margin: 0,
  padding: tokens.space.lg,
  listStyle: 'none',
  zIndex: tokens.layer.toast,
  outline: 'none',
});

const toastStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
  padding: `${tokens.space.md} ${tokens.space.md}`,
  background: tokens.color.surfaceRaised,
  color: tokens.color.text,
  border: `1px solid ${tokens.color.borderStrong}`,
  borderRadius: tokens.radius.md,
  boxShadow: tokens.shadow.md,
  fontSize: tokens.fontSize.sm,
  '&:focus-visible': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: 2 },
});

function ToastItem({ toast }: { toast: Toast }) {
  const Icon = icons[toast.kind];
  return (
    <RadixToast.Root
      duration={toast.durationMs}
      type={toast.kind === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismissToast(toast.id);
      }}
      data-kind={toast.kind}
      css={toastStyle}
    >
      <span css={{ color: accent[toast.kind], display: 'inline-flex', paddingTop: 2 }}>
        <Icon />
      </span>
      <RadixToast.Description css={{ flex: 1, overflowWrap: 'anywhere' }}>{toast.message}</RadixToast.Description>
      <RadixToast.Close css={closeButtonStyle} aria-label="Dismiss notification">
        <CloseIcon size={14} />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/** The Radix-based notice list; loaded by `Toaster` only when needed (see Toaster.tsx). */
export default function ToastList({ label }: { label: string }) {
  const toasts = useStore(toastStore, (state) => state.toasts);
  // A notice's timer starts when it mounts, but it is drawn only once the viewport exists: render
  // notices from the second commit on, so none spends part of its time invisible.
  const [viewportReady, setViewportReady] = useState(false);
  useEffect(() => setViewportReady(true), []);
  return (
    <RadixToast.Provider swipeDirection="right" label={label}>
      {viewportReady ? toasts.map((toast) => <ToastItem key={toast.id} toast={toast} />) : null}
      <RadixToast.Viewport css={viewportStyle} />
    </RadixToast.Provider>
  );
}
