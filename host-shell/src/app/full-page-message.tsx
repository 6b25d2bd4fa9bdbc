import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';

// The shell's first screens (starting, checking the session, a page's chunk on its way) draw from
// the tokens alone: this file is on the sign-in page's critical path, where no primitive entry is.

interface Props {
  title: string;
  detail?: ReactNode;
  busy?: boolean;
  action?: { label: string; onClick: () => void };
}

const bar = (width: string, height: number) => ({
  display: 'block',
  width,
  height,
  borderRadius: tokens.radius.sm,
  background: tokens.color.surfaceHover,
  animation: 'plinth-pulse 1.6s ease-in-out infinite',
});

/** Placeholders in the shape of a page (title, description, two cards) while it loads, announced as `label`. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" css={{ display: 'grid', gap: tokens.space.lg, padding: tokens.space.xl, maxWidth: 960 }}>
      <span aria-hidden="true" css={{ display: 'grid', gap: tokens.space.sm }}>
        <span css={bar('min(240px, 60%)', 22)} />
        <span css={bar('min(420px, 80%)', 12)} />
      </span>
      {[0, 1].map((card) => (
        <span
          key={card}
          aria-hidden="true"
          css={{ display: 'grid', gap: tokens.space.sm, padding: tokens.space.lg, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, background: tokens.color.surface }}
        >
          <span css={bar('30%', 14)} />
          <span css={bar('90%', 10)} />
          <span css={bar('70%', 10)} />
        </span>
      ))}
    </div>
  );
}

const actionCss = {
  height: 32,
  padding: `0 ${tokens.space.md}`,
  border: `1px solid ${tokens.color.borderStrong}`,
  borderRadius: tokens.radius.md,
  background: tokens.color.surface,
  color: tokens.color.text,
  font: 'inherit',
  fontSize: tokens.fontSize.sm,
  fontWeight: tokens.fontWeight.medium,
  cursor: 'pointer',
  '&:hover': { background: tokens.color.surfaceHover },
  '&:focus-visible': tokens.focusRing,
} as const;

/** A page loading (skeleton placeholders), or a failure filling the page with one way forward. */
export function FullPageMessage({ title, detail, busy, action }: Props) {
  if (busy) return <PageSkeleton label={title} />;
  return (
    <div role="alert" css={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', padding: tokens.space.xl, color: tokens.color.text }}>
      <div css={{ maxWidth: 480, padding: tokens.space.xl, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, background: tokens.color.surface, boxShadow: tokens.elevation.card }}>
        <h1 css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold, margin: `0 0 ${tokens.space.sm}` }}>{title}</h1>
        {detail ? <p css={{ margin: `0 0 ${tokens.space.lg}`, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm, overflowWrap: 'anywhere' }}>{detail}</p> : null}
        {action ? (
          <button type="button" onClick={action.onClick} css={actionCss}>
            {action.label}
          </button>
        ) : null}
      </div>
    </div>
  );
}
