import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { FullPageMessage } from '../app/full-page-message';
import { useOrganizations, useProjects } from '../features/projects/queries';
import { useSessionUser } from '../session/require-session';
import { CommandMenu } from '../features/command-menu/command-menu';
import { CommandButton } from '../features/command-menu/command-button';
import { useCommandShortcut } from '../features/command-menu/use-command-shortcut';
import { AccountMenu } from '../features/account-menu/account-menu';
import { ShellHeader } from '../features/project-layout/header';

/** Frame of signed-in pages outside a project: /projects, /org/…, /account/…, /support/new. */
export default function SignedInLayout() {
  const { slug } = useParams();
  const user = useSessionUser();
  const projects = useProjects();
  const organizations = useOrganizations();
  useCommandShortcut();
  return (
    <div css={{ display: 'flex', minHeight: '100vh', background: tokens.color.background, color: tokens.color.text }}>
      <aside
        aria-label="Shell"
        css={{ width: 200, flex: 'none', display: 'flex', flexDirection: 'column', gap: tokens.space.sm, padding: tokens.space.sm, borderRight: `1px solid ${tokens.color.border}`, background: tokens.color.surface }}
      >
        <div css={{ marginTop: 'auto', display: 'grid', gap: tokens.space.sm }}>
          <CommandButton />
          <AccountMenu email={user.email} />
        </div>
      </aside>
      <div css={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ShellHeader organizations={organizations.data ?? []} projects={projects.data ?? []} currentOrgSlug={slug} />
        <main id="content" css={{ flex: 1, overflow: 'auto' }}>
          <Suspense fallback={<FullPageMessage title="Loading page…" busy />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <CommandMenu projects={projects.data ?? []} />
    </div>
  );
}
