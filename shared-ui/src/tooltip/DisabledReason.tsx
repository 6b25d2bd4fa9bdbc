import { cloneElement, isValidElement, type MouseEvent, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from './Tooltip';

export interface DisabledReasonProps {
  /**
   * Why the action is unavailable. When set (non-empty), the child is disabled and the reason
   * shows on hover and focus; when empty, the child is rendered untouched.
   */
  reason?: string | null | false;
  /** One button-like element; it must pass unknown props on to its DOM element. */
  children: ReactElement;
  side?: TooltipProps['side'];
  delayMs?: number;
}

function swallow(event: MouseEvent) {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * Disables a button while keeping it focusable and hoverable, so its reason can be read.
 * The native `disabled` attribute would hide the button from focus and from pointer events, so
 * this sets `aria-disabled="true"` and swallows clicks instead.
 */
export function DisabledReason({ reason, children, side, delayMs }: DisabledReasonProps) {
  if (!reason || !isValidElement(children)) return children;
  const disabledChild = cloneElement(children as ReactElement<Record<string, unknown>>, {
    disabled: false,
    'aria-disabled': true,
    onClick: swallow,
    onDoubleClick: swallow,
    'data-disabled-reason': reason,
  });
  return (
    <Tooltip content={reason} side={side} delayMs={delayMs}>
      {disabledChild}
    </Tooltip>
  );
}

export interface PermissionTooltipProps {
  /** Whether the user may take the action. */
  allowed: boolean;
  /** Spec wording shown when not allowed, e.g. 'You need additional permissions to upload files'. */
  message: string;
  children: ReactElement;
  side?: TooltipProps['side'];
}

/** `DisabledReason` for a missing permission. */
export function PermissionTooltip({ allowed, message, children, side }: PermissionTooltipProps) {
  return (
    <DisabledReason reason={allowed ? null : message} side={side}>
      {children}
    </DisabledReason>
  );
}
