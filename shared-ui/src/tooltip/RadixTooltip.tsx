import { forwardRef, useImperativeHandle, useLayoutEffect, type ReactNode } from 'react';
import * as RadixTooltipPrimitive from '@radix-ui/react-tooltip';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { useMountedOnce, type Align, type Side, type TriggerBridge, type TriggerHandlers } from './bridge';

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
  overflowWrap: 'anywhere',
});

const HANDLERS = ['onPointerMove', 'onPointerLeave', 'onPointerDown', 'onFocus', 'onBlur', 'onClick'] as const;

/**
 * Stands in Radix's trigger slot for the element the light wrapper already drew: hands that
 * element to Radix as its trigger and popper anchor, and gives the wrapper the props Radix meant
 * for it (its event handlers, aria-describedby, data-state). Draws nothing itself.
 */
type BridgedTriggerProps = TriggerHandlers & { bridge: TriggerBridge; 'aria-describedby'?: string; 'data-state'?: string };

const BridgedTrigger = forwardRef<HTMLElement, BridgedTriggerProps>(function BridgedTrigger({ bridge, ...props }, ref) {
  useImperativeHandle(ref, () => bridge.node as HTMLElement, [bridge.node]);
  const next: TriggerHandlers = {};
  for (const name of HANDLERS) next[name] = props[name];
  bridge.handlers.current = next;
  const describedBy = props['aria-describedby'] as string | undefined;
  const state = String(props['data-state'] ?? 'closed');
  const { onState } = bridge;
  useLayoutEffect(() => onState({ describedBy, state }), [onState, describedBy, state]);
  useMountedOnce(bridge.onMounted);
  return null;
});

export interface RadixTooltipProps {
  bridge: TriggerBridge;
  content: ReactNode;
  side: Side;
  align: Align;
  delayMs: number;
  open?: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The loaded part of `Tooltip`: Radix's provider, root, trigger (bridged) and content. */
export function RadixTooltip({ bridge, content, side, align, delayMs, open, onOpenChange }: RadixTooltipProps) {
  return (
    <RadixTooltipPrimitive.Provider delayDuration={delayMs}>
      <RadixTooltipPrimitive.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltipPrimitive.Trigger asChild>
          <BridgedTrigger bridge={bridge} />
        </RadixTooltipPrimitive.Trigger>
        <RadixTooltipPrimitive.Portal>
          <RadixTooltipPrimitive.Content
            side={side}
            align={align}
            sideOffset={6}
            collisionPadding={8}
            css={contentStyle}
            onPointerDownOutside={(event) => {
              // A press on a disabled trigger keeps its reason showing.
              const trigger = bridge.node;
              if (trigger?.getAttribute('aria-disabled') === 'true' && trigger.contains(event.target as Node)) event.preventDefault();
            }}
          >
            {content}
          </RadixTooltipPrimitive.Content>
        </RadixTooltipPrimitive.Portal>
      </RadixTooltipPrimitive.Root>
    </RadixTooltipPrimitive.Provider>
  );
}
