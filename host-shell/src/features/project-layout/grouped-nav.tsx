import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { visuallyHidden } from '@plinth/shared-ui/layout';
import { ChevronLeftIcon, ChevronRightIcon } from '@plinth/shared-ui/icons';
import { NAV_ICONS, PlainAreaIcon } from '@plinth/shared-ui/nav-icons';
import { NARROW, narrowDrawerCss } from './rail-drawer';
import { navSections, type NavSection, type SectionLink } from './nav-sections';
import { railEntryRefusal } from './nav-items';

const COLLAPSED_KEY = 'plinth.nav-v2-collapsed';
const WIDE = 240;

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

interface Props {
  /** The element id the header's drawer button controls. */
  id: string;
  links: readonly (SectionLink & { permission?: string })[];
  /** The member's permissions on the project (unknown while loading): entries whose page needs another are greyed out. */
  permissions?: readonly string[];
  /** The key of the entry the page belongs to. */
  active: string;
  /** Below 768 px: whether the menu is open as a drawer. */
  open: boolean;
  footer?: ReactNode;
}

const itemCss = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  minHeight: 34,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  color: tokens.color.textMuted,
  textDecoration: 'none',
  fontSize: tokens.fontSize.sm,
  '& > svg': { flex: 'none' },
  '&:hover': { background: tokens.color.surfaceHover, color: tokens.color.text },
  '&:focus-visible': tokens.focusRingInset,
  '&[aria-current="page"]': { background: tokens.color.surfaceRaised, color: tokens.color.text, fontWeight: tokens.fontWeight.medium },
  '&[aria-disabled="true"]': { opacity: 0.45, cursor: 'not-allowed', background: 'none', color: tokens.color.textMuted },
} as const;

/**
 * The project navigation's second layout (navigation_layout_v2): a wider side menu with the entries
 * under section headings (Database, Auth, Storage, …). It collapses to icons and back (remembered
 * in this browser); below 768 px it is the same drawer as the rail.
 */
export function GroupedNav({ id, links, active, open, footer, permissions }: Props) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Private windows may refuse storage: the choice then lasts for this page only.
    }
  };
  return (
    <nav
      id={id}
      aria-label="Project"
      data-nav-layout="sections"
      css={{
        display: 'flex',
        flexDirection: 'column',
        width: collapsed ? 56 : WIDE,
        flex: 'none',
        padding: tokens.space.sm,
        borderRight: `1px solid ${tokens.color.border}`,
        background: tokens.color.surface,
        overflowY: 'auto',
        ...(collapsed ? { '& [data-rail-label]': visuallyHidden, '& [data-rail-extra]': { display: 'none' } } : {}),
        [NARROW]: narrowDrawerCss(open),
      }}
    >
      <button
        type="button"
        onClick={toggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
        css={{ ...itemCss, width: '100%', border: 0, background: 'none', font: 'inherit', cursor: 'pointer', justifyContent: collapsed ? 'center' : 'flex-end', [NARROW]: { display: 'none' } }}
      >
        {collapsed ? <ChevronRightIcon size={16} /> : <ChevronLeftIcon size={16} />}
      </button>
      <div css={{ display: 'grid', gap: tokens.space.md }}>
        {navSections(links).map((section) => (
          <SectionView key={section.title ?? 'home'} section={section} active={active} collapsed={collapsed} permissions={permissions} />
        ))}
      </div>
      <div css={{ marginTop: 'auto', display: 'grid', gap: 2, paddingTop: tokens.space.md }}>{footer}</div>
    </nav>
  );
}

/** Undoes the collapsed menu's hiding in the drawer below 768 px, where the menu is always wide. */
const shownInDrawer = { [NARROW]: { position: 'static', width: 'auto', height: 'auto', margin: 0, clip: 'auto', overflow: 'visible', whiteSpace: 'normal' } } as const;

function SectionView({ section, active, collapsed, permissions }: { section: NavSection<SectionLink & { permission?: string }>; active: string; collapsed: boolean; permissions?: readonly string[] }) {
  const headingId = useId();
  const hidden = collapsed ? { ...visuallyHidden, ...shownInDrawer } : {};
  return (
    <div role={section.title ? 'group' : undefined} aria-labelledby={section.title ? headingId : undefined}>
      {section.title ? (
        <div
          id={headingId}
          css={{
            margin: `0 0 ${tokens.space.xs}`,
            padding: `0 ${tokens.space.sm}`,
            fontSize: tokens.fontSize.xs,
            fontWeight: tokens.fontWeight.semibold,
            color: tokens.color.textMuted,
            textTransform: 'uppercase',
            letterSpacing: '0.04em',
            ...hidden,
          }}
        >
          {section.title}
        </div>
      ) : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {section.links.map((link) => {
          const Icon = NAV_ICONS[link.icon] ?? PlainAreaIcon;
          const refusal = railEntryRefusal(link, permissions);
          if (refusal) {
            // Greyed out, not followed, naming the missing permission (tooltip and description).
            return (
              <li key={link.key}>
                <Tooltip content={refusal} side="right">
                  <a role="link" aria-disabled="true" tabIndex={0} aria-label={link.label} aria-describedby={`${headingId}-${link.key}`} css={itemCss}>
                    <Icon size={18} />
                    <span css={hidden}>{link.label}</span>
                    <span id={`${headingId}-${link.key}`} hidden>
                      {refusal}
                    </span>
                  </a>
                </Tooltip>
              </li>
            );
          }
          const item = (
            <Link to={link.href} css={itemCss} aria-current={link.key === active ? 'page' : undefined}>
              <Icon size={18} />
              <span css={hidden}>{link.label}</span>
            </Link>
          );
          return (
            <li key={link.key}>
              {collapsed ? (
                <Tooltip content={link.label} side="right">
                  {item}
                </Tooltip>
              ) : (
                item
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
