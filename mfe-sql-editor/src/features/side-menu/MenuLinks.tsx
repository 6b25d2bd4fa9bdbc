import { NavLink } from 'react-router-dom';
import { menuStyles } from './menu-styles';

export interface MenuLinkItem {
  label: string;
  /** Path relative to the area's base path, e.g. "database/tables". */
  to: string;
  /** Only the exact path marks the entry current. */
  end?: boolean;
}

/** A titled group of route links; the current one carries aria-current="page". */
export function MenuLinks({ title, items }: { title?: string; items: readonly MenuLinkItem[] }) {
  return (
    <section aria-label={title}>
      {title ? <h3 css={menuStyles.groupTitle}>{title}</h3> : null}
      <ul css={menuStyles.list}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={`/${item.to}`} end={item.end} css={menuStyles.link}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
