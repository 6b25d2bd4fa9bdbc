import { Suspense } from 'react';
import { lazyWithPreload } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import type { LogViewerProps } from './LogViewer';

export type { LogScope } from './log-query';

const LazyLogViewer = lazyWithPreload(() => import('./LogViewer').then((m) => m.default));

/** The log viewer, loaded on first use so the area's first load stays small. */
export function LogViewer(props: LogViewerProps) {
  return (
    <Suspense fallback={<div css={{ padding: 24 }}><LoadingSkeleton label="Loading logs" rows={6} /></div>}>
      <LazyLogViewer {...props} />
    </Suspense>
  );
}
