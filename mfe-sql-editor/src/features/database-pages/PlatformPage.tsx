import { InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { PLATFORM_SUPPORT } from './platform-support';

const PAGES = {
  replication: { title: 'Replication', description: 'Copies of the database kept in step elsewhere.' },
  wrappers: { title: 'Wrappers', description: 'Tables that read another server or service.' },
} as const;

export type PlatformFeature = keyof typeof PAGES;

/** A database feature this platform does not offer on project databases, said plainly (no list to show). */
export function PlatformPage({ feature }: { feature: PlatformFeature }) {
  const page = PAGES[feature];
  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader title={page.title} description={page.description} />
      <div css={{ padding: tokens.space.lg, maxWidth: 760 }}>
        <InlineNotice kind="info" title="Not available on this platform">
          {PLATFORM_SUPPORT[feature]}
        </InlineNotice>
      </div>
    </div>
  );
}
