import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { Button } from '@plinth/shared-ui/button';
import { ErrorIcon } from '@plinth/shared-ui/icons';
import { SpinnerGlyph } from '../internal/Spinner';

const c = tokens.color;

const centred = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.xxl,
  textAlign: 'center',
});

/** A spinner announced to assistive technology as `label` (default 'Loading'). */
export function Spinner({ label = 'Loading', size = 16 }: { label?: string; size?: number }) {
  return (
    <span role="status" aria-label={label} css={{ display: 'inline-flex', color: c.textMuted }}>
      <SpinnerGlyph size={size} />
    </span>
  );
}

/** Spinner with a line of text, centred in its region. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" css={[centred, { color: c.textMuted, fontSize: tokens.fontSize.sm }]}>
      <SpinnerGlyph size={20} />
      <span>{label}</span>
    </div>
  );
}

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  /** Several stacked lines. */
  lines?: number;
}

/** Grey placeholder blocks while content loads. Hidden from assistive technology. */
export function Skeleton({ width = '100%', height = 14, lines = 1 }: SkeletonProps) {
  return (
    <span aria-hidden="true" css={{ display: 'flex', flexDirection: 'column', gap: 8, width }}>
      {Array.from({ length: lines }, (_, i) => (
        <span
          key={i}
          css={{
            display: 'block',
            height,
            width: lines > 1 && i === lines - 1 ? '60%' : '100%',
            borderRadius: tokens.radius.sm,
            background: c.surfaceHover,
            animation: 'plinth-pulse 1.6s ease-in-out infinite',
          }}
        />
      ))}
    </span>
  );
}

export interface EmptyStateProps {
  /** A 20–24 px icon of what the list holds (a bucket, a query). */
  icon?: ReactNode;
  title: ReactNode;
  /** One sentence: what will be here and how to start. */
  description?: ReactNode;
  /** The primary action (one button or link) to get started. */
  action?: ReactNode;
  /** Draw a dashed frame around it (an empty list inside a page). */
  framed?: boolean;
  /** Level of the title's heading: 3 inside a page (default), 1 when the state is the whole page. */
  headingLevel?: 1 | 2 | 3;
}

/** What an empty list shows: an icon, a title, one sentence and the action that fills it. */
export function EmptyState({ icon, title, description, action, framed = false, headingLevel = 3 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div css={[centred, framed ? { border: `1px dashed ${c.borderStrong}`, borderRadius: tokens.radius.lg, background: c.surface } : null]}>
      {icon ? (
        <span css={{ display: 'inline-flex', padding: tokens.space.sm, borderRadius: tokens.radius.md, background: c.surfaceHover, color: c.textMuted, marginBottom: tokens.space.xs }}>{icon}</span>
      ) : null}
      <Heading css={{ margin: 0, fontSize: headingLevel === 1 ? tokens.fontSize.lg : tokens.fontSize.md, fontWeight: 600 }}>{title}</Heading>
      {description ? <p css={{ margin: 0, color: c.textMuted, fontSize: tokens.fontSize.sm, maxWidth: 420 }}>{description}</p> : null}
      {action ? <div css={{ marginTop: tokens.space.sm }}>{action}</div> : null}
    </div>
  );
}

export interface ErrorPanelProps {
  title?: ReactNode;
  /** What went wrong, in words the user can act on. */
  message?: ReactNode;
  /** Shows a retry button that calls this. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Spinner on the retry button while a retry runs. */
  retrying?: boolean;
  children?: ReactNode;
}

/** A failure in one region (an area, a list), with a way to try again. */
export function ErrorPanel({ title = 'Something went wrong', message, onRetry, retryLabel = 'Retry', retrying = false, children }: ErrorPanelProps) {
  return (
    <div
      role="alert"
      css={[
        centred,
        {
          margin: tokens.space.lg,
          border: `1px solid ${c.border}`,
          borderRadius: tokens.radius.lg,
          background: c.surface,
        },
      ]}
    >
      <span css={{ color: c.dangerText }}>
        <ErrorIcon size={24} />
      </span>
      <h3 css={{ margin: 0, fontSize: tokens.fontSize.md, fontWeight: 600 }}>{title}</h3>
      {message ? <p css={{ margin: 0, color: c.textMuted, fontSize: tokens.fontSize.sm, maxWidth: 520, overflowWrap: 'anywhere' }}>{message}</p> : null}
      {children}
      {onRetry ? (
        <div css={{ marginTop: tokens.space.sm }}>
          <Button onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
