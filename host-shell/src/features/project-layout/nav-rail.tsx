import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { NAV_ICONS, PlainAreaIcon } from '@plinth/shared-ui/nav-icons';
import { useAreas, useBuildMode } from '../../app/shell-settings';
import { activeNavKey, navLinks } from './nav-items';
import { RAIL_ID, railColumnCss } from './rail-drawer';

interface Props {
  projectRef: string;
  comingUp: boolean;
  /** The command-menu button and account menu at the bottom of the rail. */
  footer?: ReactNode;
  /** Below 768 px: whether the rail is open as a drawer. */
  open?: boolean;
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
} as const;

/** The project's left navigation rail (spec 000 §2.2), with the manifests' icons from the shared set. */
export function NavRail({ projectRef, comingUp, footer, open = false }: Props) {
  const buildMode = useBuildMode();
  const { pathname } = useLocation();
  const areas = useAreas();
  const active = activeNavKey(pathname, projectRef, areas);
  return (
    <nav id={RAIL_ID} aria-label="Project" css={railColumnCss(open)}>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {navLinks(projectRef, buildMode, comingUp, areas).map((link) => {
          const Icon = NAV_ICONS[link.icon] ?? PlainAreaIcon;
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
