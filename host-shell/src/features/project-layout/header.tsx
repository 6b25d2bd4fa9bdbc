import { Link, useNavigate } from 'react-router-dom';
import type { Organization, Project } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';

interface Props {
  organizations: readonly Organization[];
  projects: readonly Project[];
  currentOrgSlug?: string;
  currentProject?: Project;
  /** Last breadcrumb entry: the page within the project. */
  section?: string;
}

const selectCss = {
  background: tokens.color.surface,
  color: tokens.color.text,
  border: `1px solid ${tokens.color.border}`,
  borderRadius: tokens.radius.md,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  font: 'inherit',
  '&:focus-visible': { outline: `2px solid ${tokens.color.focus}` },
} as const;

/** Top header bar: organization and project switchers and the breadcrumb. */
export function ShellHeader({ organizations, projects, currentOrgSlug, currentProject, section }: Props) {
  const navigate = useNavigate();
  const org = organizations.find((o) => o.slug === currentOrgSlug);
  const orgProjects = projects.filter((p) => p.organization_slug === currentOrgSlug);
  return (
    <header
      css={{ display: 'flex', alignItems: 'center', gap: tokens.space.md, padding: `${tokens.space.sm} ${tokens.space.lg}`, borderBottom: `1px solid ${tokens.color.border}`, background: tokens.color.surface, minHeight: 48 }}
    >
      <Link to="/projects" css={{ fontWeight: 600, color: tokens.color.text, textDecoration: 'none' }}>
        Plinth
      </Link>
      <label css={{ display: 'flex', alignItems: 'center', gap: tokens.space.xs }}>
        <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Organization</span>
        <select css={selectCss} value={currentOrgSlug ?? ''} onChange={(e) => navigate(`/org/${e.target.value}/general`)}>
          {currentOrgSlug ? null : <option value="">Choose an organization</option>}
          {organizations.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      {currentProject ? (
        <label css={{ display: 'flex', alignItems: 'center', gap: tokens.space.xs }}>
          <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Project</span>
          <select css={selectCss} value={currentProject.ref} onChange={(e) => navigate(`/project/${e.target.value}`)}>
            {orgProjects.some((p) => p.ref === currentProject.ref) ? null : <option value={currentProject.ref}>{currentProject.name}</option>}
            {orgProjects.map((p) => (
              <option key={p.ref} value={p.ref}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <nav aria-label="Breadcrumb" css={{ marginLeft: 'auto', color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
        <ol css={{ display: 'flex', gap: tokens.space.xs, listStyle: 'none', margin: 0, padding: 0, '& li + li::before': { content: '"/"', marginRight: tokens.space.xs } }}>
          <li>
            <Link to="/projects" css={{ color: 'inherit' }}>
              {org?.name ?? 'Projects'}
            </Link>
          </li>
          {currentProject ? (
            <li>
              <Link to={`/project/${currentProject.ref}`} css={{ color: 'inherit' }} aria-current={section ? undefined : 'page'}>
                {currentProject.name}
              </Link>
            </li>
          ) : null}
          {section ? <li aria-current="page">{section}</li> : null}
        </ol>
      </nav>
    </header>
  );
}
