import { NavLink } from 'react-router-dom';
import { menuStyles } from './menu-styles';

export interface MenuLinkItem {
  label: string;
  /** Path inside the router's basename, e.g. "/settings/api". */
  to: string;
  hostedOnly?: boolean;
}

export interface MenuGroup {
  title: string;
  items: readonly MenuLinkItem[];
}

/** A side menu of titled groups of route links; the current one carries aria-current="page". */
export function SideMenu({ label, heading, groups, hosted }: { label: string; heading: string; groups: readonly MenuGroup[]; hosted: boolean }) {
  return (
    <nav aria-label={label} css={menuStyles.nav}>
      <h2 css={menuStyles.heading}>{heading}</h2>
      {groups.map((group) => {
        const items = group.items.filter((i) => hosted || !i.hostedOnly);
        if (items.length === 0) return null;
        return (
          <section key={group.title} aria-label={group.title}>
            <h3 css={menuStyles.groupTitle}>{group.title}</h3>
            <ul css={menuStyles.list}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} css={menuStyles.link}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
