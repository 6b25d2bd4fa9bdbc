import { useId, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageHeader, useDrawer } from '@plinth/shared-ui/layout';
import { Button } from '@plinth/shared-ui/button';
import { MenuIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';

/** Below 768 px an area's side menu leaves the page and opens over it from a Menu button. */
const NARROW = '@media (max-width: 767px)';

function menuSlotCss(open: boolean) {
  return {
    display: 'flex',
    flex: 'none',
    height: '100%',
    [NARROW]: {
      display: open ? 'flex' : 'none',
      position: 'absolute',
      top: 0,
      bottom: 0,
      left: 0,
      zIndex: tokens.layer.overlay,
      boxShadow: tokens.elevation.dialog,
    },
  } as const;
}

/**
 * The one layout of an area's pages: its side menu on the left (an `AreaSideMenu`, which brings its
 * own column) and the current page (the route's <Outlet />) on the right. The shell owns the page's
 * one `main` landmark; this is a plain region inside it. Below 768 px the menu collapses behind a
 * Menu button and closes again on navigation or Escape.
 */
export function AreaLayout({ menu }: { menu: ReactNode }) {
  const { pathname, search } = useLocation();
  const { open, setOpen } = useDrawer(`${pathname}${search}`);
  const menuId = useId();
  return (
    <div css={{ display: 'flex', height: '100%', minHeight: 0, position: 'relative', color: tokens.color.text }}>
      <div id={menuId} css={menuSlotCss(open)}>
        {menu}
      </div>
      {open ? <div aria-hidden="true" onClick={() => setOpen(false)} css={{ display: 'none', [NARROW]: { display: 'block', position: 'absolute', inset: 0, zIndex: tokens.layer.overlay - 1, background: tokens.color.overlay } }} /> : null}
      <div css={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <div css={{ display: 'none', [NARROW]: { display: 'flex', padding: `${tokens.space.sm} ${tokens.space.lg}`, borderBottom: `1px solid ${tokens.color.border}` } }}>
          <Button size="small" icon={<MenuIcon size={14} />} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((was) => !was)}>
            Menu
          </Button>
        </div>
        <Outlet />
      </div>
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
