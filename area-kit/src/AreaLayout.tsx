import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageHeader } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';

/**
 * The one layout of an area's pages: its side menu on the left (an `AreaSideMenu`, which brings its
 * own column) and the current page (the route's <Outlet />) on the right.
 */
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

/** A page of an area in its own landmark section, with its title; pages still to come say so. */
export function PlaceholderPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <section aria-label={title}>
      <PageHeader title={title} description={description} />
      <div css={{ padding: tokens.space.xl, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
        {children ?? <p css={{ margin: 0 }}>This page is coming soon.</p>}
      </div>
    </section>
  );
}

/** A page of an area without its own section: title and body. Pages still to come say so. */
export function PlainPlaceholderPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div css={{ padding: tokens.space.xl }}>
        {children ?? <p css={{ margin: 0, color: tokens.color.textMuted }}>This page is coming soon.</p>}
      </div>
    </>
  );
}

/** What a hosted-only page shows in the self-hosted build. */
export function HostedOnlyPage({ title }: { title: string }) {
  return (
    <PlaceholderPage title={title}>
      <p css={{ margin: 0 }}>This page is only available on the hosted platform.</p>
    </PlaceholderPage>
  );
}
