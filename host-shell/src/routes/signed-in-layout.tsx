import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { FullPageMessage } from '../app/full-page-message';
import { useOrganizations, useProjects } from '../features/projects/queries';
import { useSessionUser } from '../session/require-session';
import { CommandMenu } from '../features/command-menu/command-menu';
import { CommandButton } from '../features/command-menu/command-button';
import { useCommandShortcut } from '../features/command-menu/use-command-shortcut';
import { AccountMenu } from '../features/account-menu/account-menu';
import { ShellHeader } from '../features/project-layout/header';
import { RAIL_ID, RailBackdrop, RailToggle, railColumnCss, useRailDrawer } from '../features/project-layout/rail-drawer';

/** Frame of signed-in pages outside a project: /projects, /org/…, /account/…, /support/new. */
/** The organization of an /org/{slug}/… address (the area's pages are matched as /org/*, so no route parameter names it). */
export function orgSlugOf(pathname: string): string | undefined {
  const raw = /^\/org\/([^/]+)/.exec(pathname)?.[1];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export default function SignedInLayout() {
  const slug = orgSlugOf(useLocation().pathname);
  const user = useSessionUser();
  const projects = useProjects();
  const organizations = useOrganizations();
  useCommandShortcut();
  const drawer = useRailDrawer();
  return (
    <div css={{ display: 'flex', height: '100vh', overflow: 'hidden', background: tokens.color.background, color: tokens.color.text }}>
      <aside id={RAIL_ID} aria-label="Shell" css={railColumnCss(drawer.open)}>
        <div css={{ marginTop: 'auto', display: 'grid', gap: 2 }}>
          <CommandButton />
          <AccountMenu email={user.email} />
        </div>
      </aside>
      <RailBackdrop open={drawer.open} onClose={() => drawer.setOpen(false)} />
      <div css={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ShellHeader
          navToggle={<RailToggle open={drawer.open} onToggle={drawer.toggle} />}
          organizations={organizations.data ?? []} projects={projects.data ?? []} currentOrgSlug={slug} />
        <main id="content" css={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
          <Suspense fallback={<FullPageMessage title="Loading page" busy />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <CommandMenu projects={projects.data ?? []} organizations={organizations.data} currentOrgSlug={slug} />
    </div>
  );
}
