import type { ReactNode, RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { CloseIcon } from '@plinth/shared-ui/icons';
import { useReturnFocus } from '../internal/useReturnFocus';
import { closeButtonStyle, descriptionStyle, overlayStyle, titleStyle } from '../internal/overlayStyles';

export type DialogSize = 'small' | 'medium' | 'large';
const widths: Record<DialogSize, number> = { small: 420, medium: 560, large: 760 };

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog when activated (rendered as-is, e.g. a Button). */
  trigger?: ReactNode;
  /** Heading of the dialog; also its accessible name. */
  title: ReactNode;
  /** One line under the title; also its accessible description. */
  description?: ReactNode;
  /** Buttons along the bottom, usually `<DialogClose asChild><Button>Cancel</Button></DialogClose>` and an action. */
  footer?: ReactNode;
  size?: DialogSize;
  /** When false, Escape and clicks outside do not close it (e.g. while a deletion runs). Default true. */
  dismissible?: boolean;
  /** Hide the × button in the corner. */
  hideCloseButton?: boolean;
  /** Element to focus on open instead of the first focusable one (e.g. the input to fill in). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes on close when what opened the dialog has left the page (a menu item, a bar
   * gone with the selection), instead of the page's body.
   */
  returnFocusTo?: () => HTMLElement | null;
  children?: ReactNode;
}

const contentStyle = css({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'calc(100vw - 32px)',
  maxHeight: 'calc(100vh - 64px)',
  display: 'flex',
  flexDirection: 'column',
  background: tokens.color.surface,
  color: tokens.color.text,
  border: `1px solid ${tokens.color.border}`,
  borderRadius: tokens.radius.lg,
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

const bodyStyle = css({ padding: `${tokens.space.lg} ${tokens.space.xl}`, overflowY: 'auto', fontSize: tokens.fontSize.sm });

export const dialogFooterStyle = css({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: tokens.space.sm,
  padding: `${tokens.space.md} ${tokens.space.xl}`,
  borderTop: `1px solid ${tokens.color.border}`,
});

/**
 * Modal dialog: focus moves in on open, stays trapped inside, Escape closes, and focus returns to
 * what opened it.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  footer,
  size = 'medium',
  dismissible = true,
  hideCloseButton = false,
  initialFocusRef,
  returnFocusTo,
  children,
}: DialogProps) {
  const returnFocus = useReturnFocus(open, Boolean(trigger), returnFocusTo);
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay css={overlayStyle} />
        <RadixDialog.Content
          css={[contentStyle, { maxWidth: widths[size] }]}
          onOpenAutoFocus={(event) => {
            if (!initialFocusRef?.current) return;
            event.preventDefault();
            initialFocusRef.current.focus();
          }}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div css={headerStyle}>
            <div>
              <RadixDialog.Title css={titleStyle}>{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description css={descriptionStyle}>{description}</RadixDialog.Description> : null}
            </div>
            {hideCloseButton ? null : (
              <RadixDialog.Close css={closeButtonStyle} aria-label="Close" disabled={!dismissible}>
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {children !== undefined && children !== null ? <div css={bodyStyle}>{children}</div> : null}
          {footer ? <div css={dialogFooterStyle}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a button with this (`asChild`) to make it close the surrounding dialog or side panel. */
export const DialogClose = RadixDialog.Close;
