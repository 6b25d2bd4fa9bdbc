import { ErrorPanel } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';

export type AreaFailure = 'load' | 'start' | 'refused';

export interface AreaErrorPanelProps {
  title: string;
  /** The technical detail (the loader's or the area's own message), behind a disclosure. */
  detail: string;
  /** What failed, to say in words what the user can do. Default 'load'. */
  failure?: AreaFailure;
  /** Shown as a "Retry" button when given. */
  onRetry?: () => void;
}

const ADVICE: Record<AreaFailure, string> = {
  load: 'This part of the console did not arrive. Check your connection and try again; the rest of the console keeps working.',
  start: 'This part of the console arrived but stopped while starting. Try again; if it keeps failing, contact support with the details below.',
  refused: 'The version of this part of the console that is published does not fit this console. Try again later; if it keeps failing, contact support with the details below.',
};

/**
 * What an area's region shows when the area could not be loaded, timed out, threw or was refused:
 * what failed and what to do in words, the technical detail behind a disclosure.
 */
export function AreaErrorPanel({ title, detail, failure = 'load', onRetry }: AreaErrorPanelProps) {
  return (
    <div data-area-error="" css={{ maxWidth: 640 }}>
      <ErrorPanel title={title} message={ADVICE[failure]} onRetry={onRetry}>
        <details css={{ width: '100%', textAlign: 'left', fontSize: tokens.fontSize.sm, color: tokens.color.textMuted }}>
          <summary css={{ cursor: 'pointer', width: 'fit-content', margin: '0 auto', borderRadius: tokens.radius.sm, '&:focus-visible': tokens.focusRing }}>Technical details</summary>
          <pre
            css={{
              margin: `${tokens.space.sm} 0 0`,
              padding: tokens.space.sm,
              maxHeight: 200,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: tokens.font.mono,
              fontSize: tokens.fontSize.xs,
              color: tokens.color.text,
              background: tokens.color.background,
              border: `1px solid ${tokens.color.border}`,
              borderRadius: tokens.radius.md,
            }}
          >
            {detail}
          </pre>
        </details>
      </ErrorPanel>
    </div>
  );
}
