import { Suspense, useEffect, useMemo, type ComponentType, type FocusEvent, type PointerEvent } from 'react';
import { generatePath, Navigate, useHref, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { genericPermissionNotice } from '@plinth/shared-contracts';
import { EmptyState } from '@plinth/shared-ui/layout';
import { LockIcon } from '@plinth/shared-ui/icons';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { useArea } from './area-context';
import { AreaLayout, HostedOnlyPage, PlaceholderPage } from './AreaLayout';
import { AreaSideMenu } from './AreaSideMenu';
import { pagePatternCovers, sectionOf, type AreaDefinition, type AreaPageDefinition, type AreaSectionDefinition, type Loaded, type SectionMenuProps } from './define-area';
import { lazyWithPreload, type PreloadableComponent } from './lazy-with-preload';
import type { AreaApp } from './types';

const segments = (path: string) => path.split('/').filter(Boolean);

/** One lazy component per loader, so two pages with the same code (sql/new, sql/:id) keep one editor between them. */
const lazyByLoader = new WeakMap<() => Promise<Loaded<never>>, PreloadableComponent<object>>();

function lazyOf<P extends object>(load: () => Promise<Loaded<P>>): PreloadableComponent<P> {
  const key = load as unknown as () => Promise<Loaded<never>>;
  let component = lazyByLoader.get(key);
  if (!component) {
    component = lazyWithPreload(() => load().then((loaded) => ('default' in loaded ? loaded.default : loaded) as ComponentType<object>));
    lazyByLoader.set(key, component);
  }
  return component as unknown as PreloadableComponent<P>;
}

/** The address of a page below the base, with the open page's parameters filled in ("org/acme/general"). */
function filled(path: string, params: Readonly<Record<string, string | undefined>>): string {
  try {
    return generatePath(`/${segments(path).join('/')}`, params as Record<string, string>);
  } catch {
    return `/${segments(path).join('/')}`;
  }
}

/** The side menu's link groups from the pages' `menu` entries, in the order the pages are declared. */
export function menuGroupsOf(pages: readonly AreaPageDefinition[], { hosted, can, params }: { hosted: boolean; can: (permission: string) => boolean; params: Readonly<Record<string, string | undefined>> }): SectionMenuProps['groups'] {
  const groups: SectionMenuProps['groups'] = [];
  for (const page of pages) {
    if (!page.menu) continue;
    // A page the member may not open is not offered (the page itself says why when opened by address).
    if (page.permission && !can(page.permission)) continue;
    const leadsOn = !hosted && page.hostedOnly && page.selfHostedRedirect;
    const title = page.menu.group || undefined;
    let group = groups.find((g) => g.title === title);
    if (!group) {
      group = { title, items: [] };
      groups.push(group);
    }
    group.items.push({
      label: page.menu.label,
      to: filled(leadsOn ? (page.selfHostedRedirect as string) : page.path, params),
      hostedOnly: Boolean(page.hostedOnly && !page.selfHostedRedirect),
    });
  }
  return groups;
}

/** What a page or section the member lacks the permission for shows instead. */
export function NoAccessNotice({ title, action }: { title: string; action: string }) {
  return (
    <section aria-label={title} css={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <EmptyState icon={<LockIcon size={28} />} title={title} description={<span role="alert">{genericPermissionNotice(action)}</span>} />
    </section>
  );
}

function NotFound({ text }: { text: string }) {
  return <PlaceholderPage title="Page not found">{text}</PlaceholderPage>;
}

function PageSkeleton({ title }: { title: string }) {
  return (
    <div css={{ padding: 24 }}>
      <LoadingSkeleton label={`Loading ${title}`} rows={6} />
    </div>
  );
}

/** Starts the page's first queries (its `queries`) when it opens, beside its code. */
function useFirstQueries(page: AreaPageDefinition, params: Readonly<Record<string, string | undefined>>) {
  const queryClient = useQueryClient();
  const { api, projectRef } = useArea();
  const key = JSON.stringify(params);
  useEffect(() => {
    if (!page.queries) return;
    page
      .queries({ projectRef, params, api })
      .then((queries) => {
        for (const query of queries) void queryClient.prefetchQuery({ ...query, queryKey: [...query.queryKey] });
      })
      .catch(() => undefined); // the page asks again itself, and says what failed
  }, [page, key, projectRef]);
}

/** One declared page: the hosted-only notice, its redirect, the no-access notice, or its code loaded lazily. */
function PageElement({ page }: { page: AreaPageDefinition }) {
  const { hosted, can } = useArea();
  const params = useParams();
  useFirstQueries(page, params);
  const name = page.menu?.label ?? page.title;
  if (page.hostedOnly && !hosted) {
    return page.selfHostedRedirect ? <Navigate to={filled(page.selfHostedRedirect, params)} replace /> : <HostedOnlyPage title={name} />;
  }
  if (page.redirect !== undefined) return <Navigate to={filled(page.redirect, params)} replace />;
  if (page.permission && !can(page.permission)) return <NoAccessNotice title={`No access to ${name}`} action={`view ${name}`} />;
  if (!page.load) return <NotFound text={`${name} has nothing to show.`} />;
  const Page = lazyOf(page.load);
  return (
    <Suspense fallback={<PageSkeleton title={name} />}>
      <Page />
    </Suspense>
  );
}

/** A section: its side menu (its pages' entries, or its own menu component) beside the open page. */
function SectionFrame({ section, pages, menus }: { section: AreaSectionDefinition; pages: readonly AreaPageDefinition[]; menus: AreaMenus }) {
  const { hosted, can } = useArea();
  const params = useParams();
  const base = useHref('/').replace(/\/$/, '');
  if (section.hostedOnly && !hosted) return <HostedOnlyPage title={section.title} />;
  if (section.permission && !can(section.permission)) {
    const noAccess = section.noAccess ?? { title: `No access to ${section.title}`, action: `view ${section.title}` };
    return <NoAccessNotice title={noAccess.title} action={noAccess.action} />;
  }
  const groups = menuGroupsOf(pages, { hosted, can, params });
  const Menu: ComponentType<SectionMenuProps & { 'aria-label'?: string }> = (section.menu && menus[section.menu]) || AreaSideMenu;
  // A page's code starts loading when the pointer or the focus reaches a menu link to it.
  const preload = (event: PointerEvent | FocusEvent) => {
    const link = (event.target as Element).closest?.('a[href]');
    if (!link) return;
    const pathname = new URL((link as HTMLAnchorElement).href, window.location.href).pathname;
    const below = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
    const page = pages.find((p) => p.load && pagePatternCovers(p.path, below));
    if (page?.load) void lazyOf(page.load).preload();
  };
  return (
    <AreaLayout
      menu={
        <div onPointerOver={preload} onFocus={preload} css={{ display: 'contents' }}>
          {/* A section's own menu may load with the section (lazyWithPreload): its page links show meanwhile. */}
          <Suspense fallback={<AreaSideMenu title={section.title} aria-label={section.menuLabel} groups={groups} />}>
            <Menu title={section.title} aria-label={section.menuLabel} groups={groups} />
          </Suspense>
        </div>
      }
    />
  );
}

/** The router's routes of a definition: one per declared page, inside its section's layout, and the not-found pages. */
export function routesOf(definition: AreaDefinition, menus: AreaMenus = {}): RouteObject[] {
  const notFound = definition.notFound ?? `This page is not part of ${definition.title}.`;
  const bySection = new Map<AreaSectionDefinition, AreaPageDefinition[]>();
  const loose: AreaPageDefinition[] = [];
  for (const page of definition.pages) {
    const section = sectionOf(definition.sections, page.path);
    if (section) bySection.set(section, [...(bySection.get(section) ?? []), page]);
    else loose.push(page);
  }
  const sectionRoutes = definition.sections.map((section): RouteObject => {
    const own = segments(section.path);
    const pages = bySection.get(section) ?? [];
    const children: RouteObject[] = pages.map((page) => {
      const rest = segments(page.path).slice(own.length).join('/');
      return rest ? { path: rest, element: <PageElement page={page} /> } : { index: true, element: <PageElement page={page} /> };
    });
    if (section.index !== undefined && !children.some((route) => route.index)) {
      const index = segments(section.index);
      const relative = own.every((part, i) => part === index[i]) ? index.slice(own.length).join('/') : null;
      children.unshift({ index: true, element: relative ? <Navigate to={relative} replace /> : <Navigate to={`/${index.join('/')}`} replace /> });
    }
    children.push({ path: '*', element: <NotFound text={section.notFound ?? notFound} /> });
    return { path: `/${own.join('/')}`, element: <SectionFrame section={section} pages={pages} menus={menus} />, children };
  });
  return [
    ...sectionRoutes,
    ...loose.map((page): RouteObject => ({ path: `/${segments(page.path).join('/')}`, element: <PageElement page={page} /> })),
    { path: '*', element: <NotFound text={notFound} /> },
  ];
}

/** The side menu components an area's sections name (`menu: 'StorageMenu'`), by name. */
export type AreaMenus = Readonly<Record<string, ComponentType<SectionMenuProps>>>;

/** The area's pages as its definition states them, under the router the kit gives the area. */
export function AreaRoutes({ definition, menus = {} }: { definition: AreaDefinition; menus?: AreaMenus }) {
  const routes = useMemo(() => routesOf(definition, menus), [definition, menus]);
  return <div data-area={definition.id} css={{ height: '100%' }}>{useRoutes(routes)}</div>;
}

/**
 * An area's root component (its `App`), made from its definition: no route table of its own. The
 * menus its sections name are handed over here; a name without a component, or a component no
 * section names, is refused when the area loads.
 */
export function createAreaApp(definition: AreaDefinition, { menus = {} }: { menus?: AreaMenus } = {}): AreaApp {
  const named = new Set(definition.sections.flatMap((section) => (section.menu ? [section.menu] : [])));
  const missing = [...named].filter((name) => !menus[name]);
  const unused = Object.keys(menus).filter((name) => !named.has(name));
  if (missing.length || unused.length) {
    throw new Error(
      `The ${definition.id} area's menus do not match its definition: ${[...missing.map((name) => `no component for the menu "${name}"`), ...unused.map((name) => `no section names the menu "${name}"`)].join('; ')}`,
    );
  }
  const App = () => <AreaRoutes definition={definition} menus={menus} />;
  App.displayName = `AreaApp(${definition.id})`;
  return App;
}
