import { useNavigate } from 'react-router-dom';
import type { Organization, Project } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { Picker } from '@plinth/shared-ui/picker';
import { StatusBadge } from '@plinth/shared-ui/layout';
import { BranchIcon, OrganizationIcon, PlusIcon } from '@plinth/shared-ui/icons';
import { PROJECT_STATUS_BADGES } from './project-status';
import { isBranch, projectsInSwitcherOrder } from './switcher-options';
import { useShellLink } from '../../areas/shell-links';

const dotTone = { success: tokens.color.success, warning: tokens.color.warning, danger: tokens.color.danger, info: tokens.color.brand, neutral: tokens.color.textMuted };

/** The organization crumb: pick another organization, start a new one, or see every project. */
export function OrganizationSwitcher({ organizations, current }: { organizations: readonly Organization[]; current?: Organization }) {
  const navigate = useNavigate();
  const link = useShellLink();
  return (
    <Picker
      label="Organization"
      currentLabel={current?.name ?? 'Select organization'}
      value={current?.slug}
      options={organizations.map((org) => ({
        key: org.slug,
        label: org.name,
        keywords: [org.slug],
        icon: <OrganizationIcon size={14} />,
        detail: <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>{org.plan.name}</span>,
      }))}
      onPick={(slug) => navigate(link('organizationSettings', { slug }) ?? '/projects')}
      emptyText="No organizations found"
      actions={[
        { key: 'all', label: 'All projects', onSelect: () => navigate('/projects') },
        { key: 'new', label: 'New organization', icon: <PlusIcon size={14} />, onSelect: () => navigate('/projects?new=organization') },
      ]}
    >
      {current?.name ?? 'Select organization'}
    </Picker>
  );
}

/** The project crumb: each project of the organization with its status, branches under their project. */
export function ProjectSwitcher({ projects, orgSlug, current }: { projects: readonly Project[]; orgSlug?: string; current?: Project }) {
  const navigate = useNavigate();
  const status = current ? PROJECT_STATUS_BADGES[current.status] : undefined;
  return (
    <Picker
      label="Project"
      currentLabel={current ? `${current.name}${isBranch(current) ? ' (branch)' : ''}, ${status?.word}` : 'Select project'}
      value={current?.ref}
      options={projectsInSwitcherOrder(projects, orgSlug, current).map(({ project, nested }) => {
        const badge = PROJECT_STATUS_BADGES[project.status];
        return {
          key: project.ref,
          label: project.name,
          keywords: [project.ref, ...(isBranch(project) ? ['branch'] : [])],
          nested,
          icon: isBranch(project) ? <BranchIcon size={14} title="Branch" /> : undefined,
          detail: (
            <StatusBadge tone={badge.tone} busy={badge.busy}>
              {badge.word}
            </StatusBadge>
          ),
        };
      })}
      onPick={(ref) => navigate(`/project/${ref}`)}
      emptyText="No projects found"
      actions={[{ key: 'new', label: 'New project', icon: <PlusIcon size={14} />, onSelect: () => navigate(orgSlug ? `/projects?new=project&org=${encodeURIComponent(orgSlug)}` : '/projects?new=project') }]}
    >
      {current && isBranch(current) ? (
        <span css={{ display: 'inline-flex', color: tokens.color.brandText }}>
          <BranchIcon size={14} />
        </span>
      ) : null}
      <span css={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{current?.name ?? 'Select project'}</span>
      {status ? <span aria-hidden="true" css={{ flex: 'none', width: 7, height: 7, borderRadius: '50%', background: dotTone[status.tone] }} /> : null}
    </Picker>
  );
}
