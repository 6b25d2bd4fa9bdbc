import { css } from '@emotion/react';
import { menuStyles as areaMenuStyles } from '@plinth/area-kit';
import { tokens } from '@plinth/shared-ui/theme';

const c = tokens.color;

/**
 * Styles of the storage menu's bucket list: the areas' shared menu styles, with links that hold
 * an icon and a badge, and the bucket badge.
 */
export const menuStyles = {
  ...areaMenuStyles,
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
