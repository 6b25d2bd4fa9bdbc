import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { useAreas, useBuildMode } from '../../app/shell-settings';
import { activeNavKey, navLinks } from './nav-items';
import { PlainAreaIcon, RAIL_ICONS } from './rail-icons';

interface Props {
  projectRef: string;
  comingUp: boolean;
  /** The command-menu button and account menu at the bottom of the rail. */
  footer?: ReactNode;
}

export const railItemCss = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  color: tokens.color.textMuted,
  textDecoration: 'none',
  background: 'none',
  border: 0,
  width: '100%',
  font: 'inherit',
  cursor: 'pointer',
  '&:hover': { background: tokens.color.surfaceHover, color: tokens.color.text },
  '&:focus-visible': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: -2 },
  '&[aria-current="page"]': { background: tokens.color.surfaceRaised, color: tokens.color.text },
} as const;

/** The project's left navigation rail (spec 000 §2.2). */
export function NavRail({ projectRef, comingUp, footer }: Props) {
  const buildMode = useBuildMode();
  const { pathname } = useLocation();
  const areas = useAreas();
  const active = activeNavKey(pathname, projectRef, areas);
  return (
    <nav
      aria-label="Project"
      css={{ display: 'flex', flexDirection: 'column', width: 200, flex: 'none', padding: tokens.space.sm, borderRight: `1px solid ${tokens.color.border}`, background: tokens.color.surface }}
    >
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {navLinks(projectRef, buildMode, comingUp, areas).map((link) => {
          const Icon = RAIL_ICONS[link.icon] ?? PlainAreaIcon;
          return (
            <li key={link.key}>
              <Tooltip content={link.label} side="right">
                <Link to={link.href} css={railItemCss} aria-current={link.key === active ? 'page' : undefined}>
                  <Icon size={18} />
                  <span>{link.label}</span>
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
