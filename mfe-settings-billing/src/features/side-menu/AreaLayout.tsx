import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';

/** A side menu on the left and the current page on the right. */
export function AreaLayout({ menu }: { menu: ReactNode }) {
  return (
    <div css={{ display: 'flex', height: '100%', minHeight: 0, color: tokens.color.text }}>
      {menu}
      <main css={{ flex: 1, minWidth: 0, overflow: 'auto', padding: tokens.space.xl }}>
        <Outlet />
      </main>
    </div>
  );
}

/** A page of the area: its title and body. Pages still to come show what they will hold. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="area-page-title">
      <h1 id="area-page-title" css={{ margin: `0 0 ${tokens.space.md}`, fontSize: tokens.fontSize.xl }}>
        {title}
      </h1>
      {children ?? <p css={{ color: tokens.color.textMuted }}>This page is coming soon.</p>}
    </section>
  );
}
