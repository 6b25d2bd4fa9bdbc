import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const c = tokens.color;
const dot: Record<StatusTone, string> = { success: c.success, warning: c.warning, danger: c.danger, info: c.brand, neutral: c.textMuted };

export interface StatusBadgeProps {
  tone: StatusTone;
  /** The status in words; colour never says it alone. */
  children: ReactNode;
  /** A pulsing dot for a state that is changing (setting up, restoring). Still under reduced motion. */
  busy?: boolean;
}

/** A status in a word with a coloured dot: 'Healthy', 'Paused', 'Restoring'. */
export function StatusBadge({ tone, children, busy = false }: StatusBadgeProps) {
  return (
    <span
      data-tone={tone}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        padding: `1px ${tokens.space.sm}`,
        border: `1px solid ${c.border}`,
        borderRadius: tokens.radius.full,
        background: c.surfaceRaised,
        color: c.text,
        fontSize: tokens.fontSize.xs,
        fontWeight: tokens.fontWeight.medium,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
      }}
    >
      <span
        aria-hidden="true"
        css={{ width: 7, height: 7, borderRadius: '50%', background: dot[tone], animation: busy ? `plinth-pulse 1.6s ${tokens.motion.easing} infinite` : undefined }}
      />
      {children}
    </span>
  );
}
