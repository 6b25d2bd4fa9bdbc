import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';

interface Props {
  title: string;
  children?: ReactNode;
  tone?: 'default' | 'danger' | 'success';
  busy?: boolean;
}

/** The frame every status screen draws in the content region instead of the page. */
export function ScreenPanel({ title, children, tone = 'default', busy }: Props) {
  const accent = tone === 'danger' ? tokens.color.danger : tone === 'success' ? tokens.color.success : tokens.color.border;
  return (
    <section
      aria-labelledby="status-screen-title"
      aria-busy={busy || undefined}
      css={{
        maxWidth: 640,
        margin: `${tokens.space.xxl} auto`,
        padding: tokens.space.xl,
        border: `1px solid ${accent}`,
        borderRadius: tokens.radius.lg,
        background: tokens.color.surface,
        color: tokens.color.text,
      }}
    >
      <h1 id="status-screen-title" css={{ fontSize: tokens.fontSize.xl, margin: `0 0 ${tokens.space.md}` }}>
        {title}
      </h1>
      {children}
    </section>
  );
}

export const mutedCss = { color: tokens.color.textMuted, margin: `0 0 ${tokens.space.md}` } as const;
export const actionsCss = { display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap', marginTop: tokens.space.lg } as const;
