import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { NAV_ICONS, PlainAreaIcon } from '@plinth/shared-ui/nav-icons';
import { useAreas, useBuildMode } from '../../app/shell-settings';
import { activeNavKey, navLinks, railEntryRefusal, type NavLinkTarget } from './nav-items';
import { RAIL_ID, railColumnCss } from './rail-drawer';

interface Props {
  projectRef: string;
  comingUp: boolean;
  /** The command-menu button and account menu at the bottom of the rail. */
  footer?: ReactNode;
  /** Below 768 px: whether the rail is open as a drawer. */
  open?: boolean;
  /** The member's permissions on the project (unknown while loading): entries whose page needs another are greyed out. */
  permissions?: readonly string[];
}

export const railItemCss = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  minHeight: 36,
  padding: `${tokens.space.sm} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  color: tokens.color.textMuted,
  textDecoration: 'none',
  background: 'none',
  border: 0,
  width: '100%',
  font: 'inherit',
  cursor: 'pointer',
  '& > svg': { flex: 'none' },
  '&:hover': { background: tokens.color.surfaceHover, color: tokens.color.text },
  '&:focus-visible': tokens.focusRingInset,
  '&[aria-current="page"]': { background: tokens.color.surfaceRaised, color: tokens.color.text },
  '&[aria-disabled="true"]': { opacity: 0.45, cursor: 'not-allowed', background: 'none', color: tokens.color.textMuted },
} as const;

/**
 * A rail entry the member may not open: greyed out, not followed, and saying which permission is
 * missing (its tooltip, and its accessible description for screen readers).
 */
export function RefusedRailEntry({ link, refusal, children }: { link: Pick<NavLinkTarget, 'label'>; refusal: string; children: ReactNode }) {
  const reasonId = useId();
  return (
    <Tooltip content={refusal} side="right">
      <a role="link" aria-disabled="true" tabIndex={0} aria-label={link.label} aria-describedby={reasonId} css={railItemCss}>
        {children}
        <span id={reasonId} hidden>
          {refusal}
        </span>
      </a>
    </Tooltip>
  );
}

/** The project's left navigation rail (spec 000 §2.2), with the manifests' icons from the shared set. */
export function NavRail({ projectRef, comingUp, footer, open = false, permissions }: Props) {
  const buildMode = useBuildMode();
  const { pathname } = useLocation();
  const areas = useAreas();
  const active = activeNavKey(pathname, projectRef, areas);
  return (
    <nav id={RAIL_ID} aria-label="Project" css={railColumnCss(open)}>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {navLinks(projectRef, buildMode, comingUp, areas).map((link) => {
          const Icon = NAV_ICONS[link.icon] ?? PlainAreaIcon;
          const refusal = railEntryRefusal(link, permissions);
          if (refusal) {
            return (
              <li key={link.key}>
                <RefusedRailEntry link={link} refusal={refusal}>
                  <Icon size={18} />
                  <span data-rail-label="">{link.label}</span>
                </RefusedRailEntry>
              </li>
            );
          }
          return (
            <li key={link.key}>
              <Tooltip content={link.label} side="right">
                <Link to={link.href} css={railItemCss} aria-current={link.key === active ? 'page' : undefined}>
                  <Icon size={18} />
                  <span data-rail-label="">{link.label}</span>
                </Link>
              </Tooltip>
            </li>
          );
        })}
      </ul>
      <div css={{ marginTop: 'auto', display: 'grid', gap: 2, paddingTop: tokens.space.md }}>{footer}</div>
    </nav>
  );
}
