import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { Button } from '@plinth/shared-ui/button';
import { ErrorIcon, RefreshIcon } from '@plinth/shared-ui/icons';

export interface InlineErrorProps {
  /** What failed, in words: 'Failed to load schemas'. */
  message: ReactNode;
  /** What to do or the server's reason, on a second line. */
  detail?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  retrying?: boolean;
}

/** A failure inside a region of a page (a list, a card), announced, with a retry in place. */
export function InlineError({ message, detail, onRetry, retryLabel = 'Retry', retrying = false }: InlineErrorProps) {
  return (
    <div
      role="alert"
      css={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: tokens.space.sm,
        padding: `${tokens.space.sm} ${tokens.space.md}`,
        border: `1px solid ${tokens.color.border}`,
        borderRadius: tokens.radius.md,
        background: tokens.color.surface,
        fontSize: tokens.fontSize.sm,
      }}
    >
      <span css={{ color: tokens.color.dangerText, display: 'inline-flex', paddingTop: 2 }}>
        <ErrorIcon />
      </span>
      <div css={{ flex: 1, minWidth: 0 }}>
        <p css={{ margin: 0, fontWeight: tokens.fontWeight.medium }}>{message}</p>
        {detail ? <p css={{ margin: 0, color: tokens.color.textMuted, overflowWrap: 'anywhere' }}>{detail}</p> : null}
      </div>
      {onRetry ? (
        <Button size="small" icon={<RefreshIcon size={14} />} loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
