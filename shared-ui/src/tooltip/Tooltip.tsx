import type { ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

export interface TooltipProps {
  /** What the tooltip says. Nothing is shown when empty. */
  content: ReactNode;
  /** One focusable element (a Button, a link); it becomes the trigger. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** Milliseconds of hover before it shows. Keyboard focus shows it at once. Default 300. */
  delayMs?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const contentStyle = css({
  maxWidth: 320,
  padding: '6px 10px',
  borderRadius: tokens.radius.sm,
  background: tokens.color.surfaceRaised,
  color: tokens.color.text,
  border: `1px solid ${tokens.color.borderStrong}`,
  boxShadow: tokens.shadow.md,
  fontSize: tokens.fontSize.xs,
  lineHeight: 1.4,
  zIndex: tokens.layer.tooltip,
});

/** A short text shown on hover and keyboard focus. Brings its own provider. */
export function Tooltip({ content, children, side = 'top', align = 'center', delayMs = 300, open, onOpenChange }: TooltipProps) {
  if (content === null || content === undefined || content === false || content === '') return <>{children}</>;
  return (
    <RadixTooltip.Provider delayDuration={delayMs} skipDelayDuration={200}>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content side={side} align={align} sideOffset={6} collisionPadding={8} css={contentStyle}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
