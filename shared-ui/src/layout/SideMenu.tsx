import type { MouseEvent, ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { ExternalLinkIcon } from '@plinth/shared-ui/icons';

/** The one width of every area's side menu, so a page's heading does not move between areas. */
export const SIDE_MENU_WIDTH = 260;

export interface SideMenuItem {
  key: string;
  label: ReactNode;
  href: string;
  icon?: ReactNode;
  /** Small text at the right, e.g. a count or 'Beta'. */
  badge?: ReactNode;
  /** Opens in a new tab with an outbound-link mark. */
  external?: boolean;
  disabled?: boolean;
}

export interface SideMenuGroup {
  key: string;
  title?: ReactNode;
  items: readonly SideMenuItem[];
}

export interface SideMenuProps {
  /** Heading at the top, e.g. 'Storage'. */
  title?: ReactNode;
  groups: readonly SideMenuGroup[];
  /** Key of the item for the current page. */
  activeKey?: string;
  /** Called instead of a full page load for in-console links (plain left click only). */
  onNavigate?: (href: string) => void;
  'aria-label'?: string;
  /** Content under the groups, e.g. a 'New bucket' button. */
  children?: ReactNode;
}

const c = tokens.color;

const navStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  width: '100%',
  // The menu is its column's full height (an area's side menu runs down the content region).
  minHeight: '100%',
  boxSizing: 'border-box',
  padding: `${tokens.space.lg} ${tokens.space.md}`,
  fontSize: tokens.fontSize.sm,
});

const headingStyle = css({ margin: 0, padding: `0 ${tokens.space.sm}`, fontSize: tokens.fontSize.lg, fontWeight: 600, color: c.text });
const groupTitleStyle = css({
  margin: 0,
  marginBottom: 4,
  padding: `0 ${tokens.space.sm}`,
  fontSize: tokens.fontSize.xs,
  fontWeight: 500,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: c.textMuted,
});
const listStyle = css({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 1 });

const linkStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `5px ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  color: c.textMuted,
  textDecoration: 'none',
  '&:hover': { color: c.text, background: c.surfaceHover },
  '&[aria-current="page"]': { color: c.text, background: c.surfaceHover, fontWeight: 500 },
  '&[aria-disabled="true"]': { opacity: 0.5, pointerEvents: 'none' },
  '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: -2 },
});

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An area's menu: groups of links, the current page marked with `aria-current="page"`. */
export function SideMenu({ title, groups, activeKey, onNavigate, 'aria-label': ariaLabel, children }: SideMenuProps) {
  return (
    <nav aria-label={ariaLabel ?? (typeof title === 'string' ? title : 'Menu')} css={navStyle}>
      {title ? <h2 css={headingStyle}>{title}</h2> : null}
      {groups.map((group) => (
        <div key={group.key} role="group" aria-label={typeof group.title === 'string' ? group.title : undefined}>
          {group.title ? <h3 css={groupTitleStyle}>{group.title}</h3> : null}
          <ul css={listStyle}>
            {group.items.map((item) => (
              <li key={item.key}>
                <a
                  href={item.href}
                  css={linkStyle}
                  aria-current={item.key === activeKey ? 'page' : undefined}
                  aria-disabled={item.disabled || undefined}
                  tabIndex={item.disabled ? -1 : undefined}
                  target={item.external ? '_blank' : undefined}
                  rel={item.external ? 'noreferrer noopener' : undefined}
                  onClick={(event) => {
                    if (item.disabled) {
                      event.preventDefault();
                      return;
                    }
                    if (item.external || !onNavigate || !isPlainLeftClick(event)) return;
                    event.preventDefault();
                    onNavigate(item.href);
                  }}
                >
                  {item.icon}
                  <span css={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.label}</span>
                  {item.badge ? <span css={{ fontSize: tokens.fontSize.xs, color: c.textMuted }}>{item.badge}</span> : null}
                  {item.external ? <ExternalLinkIcon size={12} title="Opens in a new tab" /> : null}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {children}
    </nav>
  );
}
