import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right. */
  actions?: ReactNode;
  /** Under the title: `<Tabs>` from `@plinth/shared-ui/page`, drawn on the header's bottom edge. */
  tabs?: ReactNode;
  /** Under the title, e.g. a breadcrumb or filters. */
  children?: ReactNode;
}

const headerStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  padding: `${tokens.space.xl} ${tokens.space.xl} ${tokens.space.lg}`,
  borderBottom: `1px solid ${tokens.color.border}`,
});

/** Title row of a page: heading (h1), one line of description and actions. */
export function PageHeader({ title, description, actions, tabs, children }: PageHeaderProps) {
  return (
    <header css={[headerStyle, tabs ? { paddingBottom: 0, borderBottom: 'none' } : null]}>
      <div css={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.space.lg, flexWrap: 'wrap' }}>
        <div css={{ minWidth: 0 }}>
          <h1 css={{ margin: 0, fontSize: tokens.fontSize.xl, fontWeight: tokens.fontWeight.semibold, lineHeight: tokens.lineHeight.tight }}>{title}</h1>
          {description ? <p css={{ margin: '4px 0 0', color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{description}</p> : null}
        </div>
        {actions ? <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center' }}>{actions}</div> : null}
      </div>
      {children}
      {tabs}
    </header>
  );
}
