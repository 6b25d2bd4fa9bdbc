import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '@plinth/shared-ui/icons';

export type NoticeKind = 'info' | 'success' | 'warning' | 'danger';

const c = tokens.color;
const ink: Record<NoticeKind, string> = { info: c.brandText, success: c.successText, warning: c.warningText, danger: c.dangerText };
const icons = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: ErrorIcon } as const;

export interface InlineNoticeProps {
  kind?: NoticeKind;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link at the right. */
  action?: ReactNode;
}

const noticeStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
  padding: `${tokens.space.md} ${tokens.space.lg}`,
  border: `1px solid ${c.border}`,
  borderLeftWidth: 3,
  borderRadius: tokens.radius.md,
  background: c.surface,
  fontSize: tokens.fontSize.sm,
});

/**
 * A message that stays on the page (a warning in a dialog, a banner above a list). Warnings and
 * dangers are announced (`role="alert"`), the others are plain text (`role="status"`).
 */
export function InlineNotice({ kind = 'info', title, children, action }: InlineNoticeProps) {
  const Icon = icons[kind];
  return (
    <div role={kind === 'warning' || kind === 'danger' ? 'alert' : 'status'} data-kind={kind} css={[noticeStyle, { borderLeftColor: ink[kind] }]}>
      <span css={{ color: ink[kind], display: 'inline-flex', paddingTop: 2 }}>
        <Icon />
      </span>
      <div css={{ flex: 1, minWidth: 0 }}>
        {title ? <p css={{ margin: 0, fontWeight: 600 }}>{title}</p> : null}
        {children ? <div css={{ color: title ? c.textMuted : c.text }}>{children}</div> : null}
      </div>
      {action ? <div css={{ flex: 'none' }}>{action}</div> : null}
    </div>
  );
}

export interface BadgeProps {
  kind?: NoticeKind | 'neutral';
  children: ReactNode;
}

/** Small label such as 'Public', 'Beta' or a status. */
export function Badge({ kind = 'neutral', children }: BadgeProps) {
  const colour = kind === 'neutral' ? c.textMuted : ink[kind];
  return (
    <span
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        padding: '1px 8px',
        border: `1px solid ${colour}`,
        borderRadius: tokens.radius.full,
        color: colour,
        fontSize: tokens.fontSize.xs,
        fontWeight: 500,
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}
