import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Organization, Project } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { BrandMark, PRODUCT_NAME } from '@plinth/shared-ui/brand';
import { Badge } from '@plinth/shared-ui/layout';
import { OrganizationSwitcher, ProjectSwitcher } from './switchers';
import { isBranch } from './switcher-options';

interface Props {
  organizations: readonly Organization[];
  projects: readonly Project[];
  currentOrgSlug?: string;
  currentProject?: Project;
  /** Last breadcrumb entry: the page within the project. */
  section?: string;
  /** Below 768 px: the button that opens the rail as a drawer. */
  navToggle?: ReactNode;
}

const crumbs = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xxs,
  minWidth: 0,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& > li': { display: 'flex', alignItems: 'center', minWidth: 0, flexShrink: 1 },
  '& > li:first-of-type': { flexShrink: 2 },
  '& > li + li::before': { content: '"/"', margin: `0 ${tokens.space.xs}`, color: tokens.color.borderStrong, fontSize: tokens.fontSize.lg },
} as const;

/**
 * Top header bar: the brand mark (to all projects) and the breadcrumb of the current page, whose
 * organization and project entries are searchable switchers; a branch is marked as one.
 */
export function ShellHeader({ organizations, projects, currentOrgSlug, currentProject, section, navToggle }: Props) {
  const org = organizations.find((o) => o.slug === currentOrgSlug);
  return (
    <header
      css={{ display: 'flex', alignItems: 'center', gap: tokens.space.md, padding: `0 ${tokens.space.lg}`, borderBottom: `1px solid ${tokens.color.border}`, background: tokens.color.surface, minHeight: 48, minWidth: 0, flex: 'none' }}
    >
      {navToggle}
      <Link to="/projects" aria-label={`${PRODUCT_NAME}: all projects`} css={{ display: 'inline-flex', borderRadius: tokens.radius.md, '&:focus-visible': tokens.focusRing }}>
        <BrandMark size={24} />
      </Link>
      <nav aria-label="Breadcrumb" css={{ minWidth: 0, flex: 1, overflow: 'hidden' }}>
        <ol css={crumbs}>
          <li>
            <OrganizationSwitcher organizations={organizations} current={org} />
          </li>
          {currentProject || currentOrgSlug ? (
            <li>
              <ProjectSwitcher projects={projects} orgSlug={currentOrgSlug} current={currentProject} />
              {currentProject && isBranch(currentProject) ? <Badge kind="info">Branch</Badge> : null}
            </li>
          ) : null}
          {section ? (
            <li aria-current="page">
              <span css={{ padding: `0 ${tokens.space.sm}`, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{section}</span>
            </li>
          ) : null}
        </ol>
      </nav>
    </header>
  );
}
