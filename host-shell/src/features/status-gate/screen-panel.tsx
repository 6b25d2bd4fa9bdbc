import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { Spinner } from '@plinth/shared-ui/layout';

interface Props {
  title: string;
  children?: ReactNode;
  tone?: 'default' | 'danger' | 'success';
  /** Work under way: a spinner beside the title, and the panel marked busy. */
  busy?: boolean;
  /** A 20 px icon of the state, beside the title (when not busy). */
  icon?: ReactNode;
}

const TONE = {
  default: { edge: tokens.color.border, icon: tokens.color.textMuted },
  danger: { edge: tokens.color.danger, icon: tokens.color.dangerText },
  success: { edge: tokens.color.success, icon: tokens.color.successText },
} as const;

/** The card every status screen draws in the content region instead of the page. */
export function ScreenPanel({ title, children, tone = 'default', busy, icon }: Props) {
  const colours = TONE[tone];
  return (
    <div css={{ padding: `${tokens.space.xxl} ${tokens.space.xl}` }}>
      <section
        aria-labelledby="status-screen-title"
        aria-busy={busy || undefined}
        css={{
          maxWidth: 640,
          margin: '0 auto',
          padding: tokens.space.xl,
          border: `1px solid ${tokens.color.border}`,
          borderTop: `3px solid ${colours.edge}`,
          borderRadius: tokens.radius.lg,
          background: tokens.color.surface,
          boxShadow: tokens.elevation.card,
          color: tokens.color.text,
          fontSize: tokens.fontSize.md,
        }}
      >
        <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, marginBottom: tokens.space.md }}>
          {busy ? (
            <Spinner label={`${title}: in progress`} size={18} />
          ) : icon ? (
            <span aria-hidden="true" css={{ display: 'inline-flex', color: colours.icon }}>
              {icon}
            </span>
          ) : null}
          <h1 id="status-screen-title" css={{ margin: 0, fontSize: tokens.fontSize.xl, fontWeight: tokens.fontWeight.semibold, lineHeight: tokens.lineHeight.tight }}>
            {title}
          </h1>
        </div>
        {children}
      </section>
    </div>
  );
}

export const mutedCss = { color: tokens.color.textMuted, margin: `0 0 ${tokens.space.md}` } as const;
export const actionsCss = { display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap', marginTop: tokens.space.lg } as const;
