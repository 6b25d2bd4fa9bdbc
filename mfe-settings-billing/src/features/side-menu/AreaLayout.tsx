import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageHeader } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';

/** A side menu on the left and the current page on the right. */
export function AreaLayout({ menu }: { menu: ReactNode }) {
  return (
    <div css={{ display: 'flex', height: '100%', minHeight: 0, color: tokens.color.text }}>
      {menu}
      <main css={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Outlet />
      </main>
    </div>
  );
}

/** A page of the area: its title and body. Pages still to come say so. */
export function PlaceholderPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div css={{ padding: tokens.space.xl }}>
        {children ?? <p css={{ margin: 0, color: tokens.color.textMuted }}>This page is coming soon.</p>}
      </div>
    </>
  );
}
