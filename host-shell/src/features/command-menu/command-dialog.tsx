import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Command } from 'cmdk';
import { useNavigate } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { Dialog } from '@plinth/shared-ui/dialog';
import { tokens } from '@plinth/shared-ui/theme';
import { ChevronRightIcon, DatabaseIcon, FileIcon, FolderIcon, OrganizationIcon, SearchIcon, UserIcon } from '@plinth/shared-ui/icons';
import type { Organization, Project } from '@plinth/shared-contracts';
import { useAreas, useBuildMode } from '../../app/shell-settings';
import { useShellLink } from '../../areas/shell-links';
import { useCommandMenu } from './command-store';
import { flattenSections, searchCommands, type CommandGroup } from './commands';
import { pageCommands, type ProjectPage } from './page-commands';
import { resourceCommands, type ResourceLinks } from './resource-commands';
import { useProjectResources } from './use-project-resources';

export interface Props {
  /** The project the menu is open on (none outside a project). */
  project?: Project;
  /** The current project's rail entries, as the rail lists them. */
  railEntries?: readonly ProjectPage[];
  projects: readonly Project[];
  organizations?: readonly Organization[];
  /** The organization the page is about, listed first. */
  currentOrgSlug?: string;
}

/** The search field's accessible name. */
export const COMMAND_SEARCH_LABEL = 'Search the console';

/** Searches pages, the project's tables, saved queries and buckets, and projects; arrows move, Enter opens, Escape closes. */
export function CommandDialog(props: Props) {
  const { open, setOpen } = useCommandMenu();
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Command menu" size="medium">
      {open ? <CommandSearch {...props} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

const GROUP_ICONS: Record<CommandGroup, ReactNode> = {
  Pages: <ChevronRightIcon size={14} />,
  Tables: <DatabaseIcon size={14} />,
  'Saved queries': <FileIcon size={14} />,
  Buckets: <FolderIcon size={14} />,
  Projects: <DatabaseIcon size={14} />,
  Organization: <OrganizationIcon size={14} />,
  Account: <UserIcon size={14} />,
};

const NONE: readonly never[] = [];

function useCommands({ project, railEntries = NONE, projects, organizations = NONE, currentOrgSlug }: Props) {
  const areas = useAreas();
  const buildMode = useBuildMode();
  const link = useShellLink();
  const ref = project?.ref ?? '';
  // The project's lists are asked for only while its database runs; a paused project has none to give.
  const resources = useProjectResources(project?.status === 'ACTIVE_HEALTHY' ? ref : '');
  const orgs = useMemo(() => {
    const current = currentOrgSlug ?? project?.organization_slug;
    return [...organizations].sort((a, b) => Number(b.slug === current) - Number(a.slug === current));
  }, [organizations, currentOrgSlug, project?.organization_slug]);
  const pages = useMemo(
    () => pageCommands({ areas, buildMode, projectRef: ref || undefined, railEntries, organizations: orgs }),
    [areas, buildMode, ref, railEntries, orgs],
  );
  const { tables, savedQueries, buckets } = resources;
  const own = useMemo(() => {
    const links: ResourceLinks = {
      table: (tableId) => link('table', { tableId }, { projectRef: ref }),
      savedQuery: (id) => link('savedQuery', { id }, { projectRef: ref }),
      bucket: (bucketId) => link('bucket', { bucketId }, { projectRef: ref }),
    };
    return resourceCommands({ tables: tables.data, savedQueries: savedQueries.data?.data, buckets: buckets.data }, links);
    // `link` reads the environment's manifests, which do not change while the menu is open.
  }, [tables.data, savedQueries.data, buckets.data, ref]);
  const projectCommands = useMemo(
    () => projects.map((p) => ({ id: `project:${p.ref}`, label: p.name, detail: p.ref === ref ? 'Current project' : undefined, group: 'Projects' as const, href: `/project/${p.ref}` })),
    [projects, ref],
  );
  const all = useMemo(() => [...pages, ...own, ...projectCommands], [pages, own, projectCommands]);
  return { all, lists: [{ name: 'Tables', query: tables }, { name: 'Saved queries', query: savedQueries }, { name: 'Buckets', query: buckets }] as const };
}

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  cursor: 'pointer',
  fontSize: tokens.fontSize.sm,
  '&[data-selected="true"]': { background: tokens.color.surfaceHover },
} as const;

/**
 * The search field and its results on cmdk: it moves the active result with the arrows (and
 * Home/End), keeps it in view, opens it with Enter or a click, and gives the field, the list, its
 * groups and options their roles. What matches and in which order stays ours (`searchCommands`:
 * product words ranked), so cmdk is told not to filter.
 */
function CommandSearch({ onDone, ...props }: Props & { onDone: () => void }) {
  const navigate = useNavigate();
  // What was typed between the shortcut and this code's arrival.
  // Read here, cleared once shown (an update of the store while rendering would re-render others mid-render).
  const [typedAhead] = useState(() => useCommandMenu.getState().typedAhead);
  const [search, setSearch] = useState(typedAhead.replace(/\n.*$/s, ''));
  const { all, lists } = useCommands(props);
  const sections = useMemo(() => searchCommands(all, search), [all, search]);
  const results = flattenSections(sections);
  // The active result, by id: the first one whenever the search changes.
  const [active, setActive] = useState('');
  const current = results.find((r) => r.id === active) ?? results[0];

  const go = (href: string) => {
    onDone();
    navigate(href);
  };
  useEffect(() => {
    useCommandMenu.getState().takeTypedAhead();
    if (typedAhead.includes('\n') && results[0]) go(results[0].href);
    // Once, for an Enter typed ahead.
  }, []);

  const loading = lists.filter((l) => l.query.isLoading).map((l) => l.name.toLowerCase());
  const failed = lists.filter((l) => l.query.isError);
  return (
    <Command label={COMMAND_SEARCH_LABEL} shouldFilter={false} loop value={current?.id ?? ''} onValueChange={setActive}>
      <div css={{ position: 'relative', display: 'flex', alignItems: 'center' }}>
        <span aria-hidden="true" css={{ position: 'absolute', left: tokens.space.sm, display: 'inline-flex', color: tokens.color.textMuted }}>
          <SearchIcon size={16} />
        </span>
        <Command.Input
          autoFocus
          placeholder="Pages, tables, saved queries, buckets, projects…"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setActive('');
          }}
          css={{ width: '100%', height: 38, padding: `0 ${tokens.space.sm} 0 32px`, borderRadius: tokens.radius.md, border: `1px solid ${tokens.color.borderControl}`, background: tokens.color.background, color: tokens.color.text, font: 'inherit', fontSize: tokens.fontSize.md, boxSizing: 'border-box', '&:focus-visible': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: 0 } }}
        />
      </div>
      <Command.List label="Results" css={{ margin: `${tokens.space.sm} 0 0`, maxHeight: 360, overflowY: 'auto' }}>
        <Command.Empty css={{ padding: tokens.space.sm, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>Nothing matches “{search}”.</Command.Empty>
        {sections.map((section) => (
          <Command.Group
            key={section.group}
            heading={section.group}
            css={{ '[cmdk-group-heading]': { padding: `${tokens.space.sm} ${tokens.space.sm} ${tokens.space.xs}`, color: tokens.color.textMuted, fontSize: tokens.fontSize.xs, fontWeight: tokens.fontWeight.medium } }}
          >
            {section.commands.map((command) => (
              <Command.Item key={command.id} value={command.id} onSelect={() => go(command.href)} css={itemStyle}>
                <span aria-hidden="true" css={{ display: 'inline-flex', color: tokens.color.textMuted }}>
                  {GROUP_ICONS[command.group]}
                </span>
                <span css={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{command.label}</span>
                {command.detail ? <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.xs, whiteSpace: 'nowrap' }}>{command.detail}</span> : null}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
      <div role="status" css={{ display: 'grid', gap: tokens.space.xxs, marginTop: tokens.space.xs, color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>
        {loading.length ? <span>Loading {loading.join(', ')}…</span> : null}
        {failed.map(({ name, query }) => (
          <ListError key={name} name={name} query={query} />
        ))}
      </div>
    </Command>
  );
}

/** A list of the project that could not be loaded: said in one quiet line, with a way to ask again. */
function ListError({ name, query }: { name: string; query: UseQueryResult<unknown> }) {
  return (
    <span>
      {name} could not be loaded{query.error instanceof Error && query.error.message ? `: ${query.error.message}` : ''}.{' '}
      <button
        type="button"
        onClick={() => void query.refetch()}
        css={{ padding: 0, border: 'none', background: 'none', color: tokens.color.text, font: 'inherit', textDecoration: 'underline', cursor: 'pointer', '&:focus-visible': tokens.focusRing }}
      >
        Try again
      </button>
    </span>
  );
}
