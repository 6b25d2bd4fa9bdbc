import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { Button, type ButtonVariant } from '@plinth/shared-ui/button';
import { CloseIcon } from '@plinth/shared-ui/icons';
import { DisabledReason, Tooltip } from '@plinth/shared-ui/tooltip';
import { useReturnFocus } from '../internal/useReturnFocus';
import { closeButtonStyle, descriptionStyle, overlayStyle, titleStyle } from '../internal/overlayStyles';

export type SidePanelSize = 'medium' | 'large' | 'xlarge';
const widths: Record<SidePanelSize, number> = { medium: 520, large: 720, xlarge: 960 };

export interface SidePanelProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the panel when activated. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  size?: SidePanelSize;
  children?: ReactNode;
  /** Called by Confirm. The panel stays open: close it by setting `open` when the work is done. */
  onConfirm?: () => void;
  /** Called by Cancel, Escape and the × button, before the panel closes. */
  onCancel?: () => void;
  /** Label of the confirm button. Default 'Confirm'. */
  confirmText?: ReactNode;
  /** Label of the cancel button. Default 'Cancel'. */
  cancelText?: ReactNode;
  confirmVariant?: ButtonVariant;
  confirmDisabled?: boolean;
  /** Spinner on Confirm, Cancel disabled, panel not dismissible. */
  confirmLoading?: boolean;
  /**
   * Optional tooltip on Confirm. When Confirm is also disabled it explains why and the button
   * stays focusable.
   */
  confirmTooltip?: string;
  /** Give Confirm `type="submit"` for this form id, so Enter in the form confirms. */
  formId?: string;
  /** Your own footer instead of the Cancel/Confirm pair. */
  footer?: ReactNode;
  /** Show no footer, even with `onConfirm`, `formId` or `footer`. */
  hideFooter?: boolean;
}

const panelStyle = css({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: '100vw',
  display: 'flex',
  flexDirection: 'column',
  background: tokens.color.surface,
  color: tokens.color.text,
  borderLeft: `1px solid ${tokens.color.border}`,
  boxShadow: tokens.shadow.lg,
  zIndex: tokens.layer.dialog,
  '&:focus': { outline: 'none' },
});

const headerStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.lg} ${tokens.space.xl}`,
  borderBottom: `1px solid ${tokens.color.border}`,
});

const bodyStyle = css({ flex: 1, overflowY: 'auto', padding: tokens.space.xl });

const footerStyle = css({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: tokens.space.sm,
  padding: `${tokens.space.md} ${tokens.space.xl}`,
  borderTop: `1px solid ${tokens.color.border}`,
});

/**
 * Right-hand modal panel, closed by its × button or Escape. A panel that confirms something (it
 * has `onConfirm` or submits `formId`) gets Cancel and Confirm along the bottom; one that only
 * shows something (a detail panel) has no footer unless it passes its own `footer`.
 */
export function SidePanel({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  size = 'medium',
  children,
  onConfirm,
  onCancel,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  confirmVariant = 'primary',
  confirmDisabled = false,
  confirmLoading = false,
  confirmTooltip,
  formId,
  footer,
  hideFooter = false,
}: SidePanelProps) {
  const returnFocus = useReturnFocus(open, Boolean(trigger));
  const changeOpen = (next: boolean) => {
    if (!next) {
      if (confirmLoading) return;
      onCancel?.();
    }
    onOpenChange?.(next);
  };
  const confirmButton = (
    <Button
      variant={confirmVariant}
      type={formId ? 'submit' : 'button'}
      form={formId}
      loading={confirmLoading}
      disabled={confirmDisabled && !confirmTooltip}
      onClick={formId ? undefined : onConfirm}
    >
      {confirmText}
    </Button>
  );
  let confirm = confirmButton;
  if (confirmTooltip && confirmDisabled) confirm = <DisabledReason reason={confirmTooltip}>{confirmButton}</DisabledReason>;
  else if (confirmTooltip) confirm = <Tooltip content={confirmTooltip}>{confirmButton}</Tooltip>;

  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay css={overlayStyle} />
        <RadixDialog.Content
          css={[panelStyle, { maxWidth: widths[size] }]}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div css={headerStyle}>
            <div>
              <RadixDialog.Title css={titleStyle}>{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description css={descriptionStyle}>{description}</RadixDialog.Description> : null}
            </div>
            <RadixDialog.Close css={closeButtonStyle} aria-label="Close" disabled={confirmLoading}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <div css={bodyStyle}>{children}</div>
          {hideFooter || (footer === undefined && !onConfirm && !formId) ? null : (
            <div css={footerStyle}>
              {footer ?? (
                <>
                  <Button disabled={confirmLoading} onClick={() => changeOpen(false)}>
                    {cancelText}
                  </Button>
                  {confirm}
                </>
              )}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
