import type { ReactNode } from 'react';
import { AreaLayout as SharedAreaLayout, AreaMenuColumn } from '@plinth/shared-ui/area';

export { HostedOnlyPage, PlaceholderPage } from '@plinth/shared-ui/area';

/** A side menu (in a fixed column) on the left and the current page on the right. */
export function AreaLayout({ menu }: { menu: ReactNode }) {
  return <SharedAreaLayout menu={<AreaMenuColumn>{menu}</AreaMenuColumn>} />;
}
