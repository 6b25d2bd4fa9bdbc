import { tokens } from '@plinth/shared-ui/theme';
import { Skeleton } from '@plinth/shared-ui/layout';

export interface LoadingSkeletonProps {
  /** Announced to assistive technology, e.g. 'Loading buckets'. */
  label: string;
  /** Placeholder rows. Default 3. */
  rows?: number;
  /** 'list': rows with a leading square; 'text': lines of a paragraph; 'card': a title and lines. */
  shape?: 'list' | 'text' | 'card';
}

/** Placeholders in the shape of the content that is loading, in place of a 'Loading…' line. */
export function LoadingSkeleton({ label, rows = 3, shape = 'list' }: LoadingSkeletonProps) {
  return (
    <div role="status" aria-label={label} aria-busy="true" css={{ display: 'grid', gap: tokens.space.md, padding: `${tokens.space.sm} 0` }}>
      {shape === 'card' ? <Skeleton width="40%" height={18} /> : null}
      {shape === 'text' || shape === 'card' ? (
        <Skeleton lines={rows} />
      ) : (
        Array.from({ length: rows }, (_, i) => (
          <div key={i} aria-hidden="true" css={{ display: 'flex', alignItems: 'center', gap: tokens.space.md }}>
            <Skeleton width={28} height={28} />
            <div css={{ flex: 1, display: 'grid', gap: 6 }}>
              <Skeleton width={`${70 - ((i * 17) % 30)}%`} height={12} />
              <Skeleton width={`${40 - ((i * 11) % 15)}%`} height={10} />
            </div>
          </div>
        ))
      )}
    </div>
  );
}
