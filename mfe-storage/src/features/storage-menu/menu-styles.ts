import { css } from '@emotion/react';
import { menuStyles as areaMenuStyles } from '@plinth/area-kit';
import { tokens } from '@plinth/shared-ui/theme';

const c = tokens.color;

/**
 * Styles of the storage side menu: the areas' shared menu styles, with the storage menu's own
 * column (its sections spaced out), links that hold an icon and a badge, and the bucket badge.
 */
export const menuStyles = {
  ...areaMenuStyles,
  nav: css(areaMenuStyles.column, { display: 'flex', flexDirection: 'column', gap: tokens.space.lg, padding: tokens.space.md }),
  groupTitle: css(areaMenuStyles.groupTitle, { margin: '0 0 4px', padding: '0 8px' }),
  link: css(areaMenuStyles.link, { display: 'flex', alignItems: 'center', gap: tokens.space.sm }),
  linkText: css({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  badge: css({
    padding: '0 6px',
    borderRadius: tokens.radius.full,
    border: `1px solid ${c.warning}`,
    color: c.warningText,
    fontSize: tokens.fontSize.xs,
  }),
  input: css(areaMenuStyles.input, { marginBottom: 4 }),
};
