import { useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

const c = tokens.color;

export interface SectionProps {
  title: ReactNode;
  /** One or two sentences under the title. */
  description?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A titled part of a page (h2), named by its title for assistive technology. */
export function Section({ title, description, actions, children }: SectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} css={{ display: 'grid', gap: tokens.space.md }}>
      <div css={{ display: 'flex', alignItems: 'flex-end', gap: tokens.space.lg, flexWrap: 'wrap' }}>
        <div css={{ flex: 1, minWidth: 0 }}>
          <h2 id={id} css={{ margin: 0, fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold, lineHeight: tokens.lineHeight.tight }}>
            {title}
          </h2>
          {description ? <p css={{ margin: `${tokens.space.xs} 0 0`, color: c.textMuted, fontSize: tokens.fontSize.sm }}>{description}</p> : null}
        </div>
        {actions ? <div css={{ display: 'flex', gap: tokens.space.sm }}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export interface CardProps {
  /** Heading of the card (h3); the card becomes a region named by it. */
  title?: ReactNode;
  description?: ReactNode;
  /** Controls at the top right, e.g. a menu. */
  actions?: ReactNode;
  /** Bottom strip, e.g. a save button. */
  footer?: ReactNode;
  /** No inner padding (a table or list fills the card). */
  flush?: boolean;
  children?: ReactNode;
}

const cardStyle = css({
  border: `1px solid ${c.border}`,
  borderRadius: tokens.radius.lg,
  background: c.surface,
  boxShadow: tokens.elevation.card,
  overflow: 'hidden',
  minWidth: 0,
});

/** A bordered surface grouping related content. */
export function Card({ title, description, actions, footer, flush = false, children }: CardProps) {
  const id = useId();
  const padding = `${tokens.space.lg} ${tokens.space.xl}`;
  return (
    <div role={title ? 'region' : undefined} aria-labelledby={title ? id : undefined} css={cardStyle}>
      {title ? (
        <div css={{ display: 'flex', alignItems: 'flex-start', gap: tokens.space.md, padding, borderBottom: `1px solid ${c.border}` }}>
          <div css={{ flex: 1, minWidth: 0 }}>
            <h3 id={id} css={{ margin: 0, fontSize: tokens.fontSize.md, fontWeight: tokens.fontWeight.semibold }}>
              {title}
            </h3>
            {description ? <p css={{ margin: `${tokens.space.xxs} 0 0`, color: c.textMuted, fontSize: tokens.fontSize.sm }}>{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      <div css={flush ? undefined : { padding }}>{children}</div>
      {footer ? (
        <div css={{ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm, padding: `${tokens.space.md} ${tokens.space.xl}`, borderTop: `1px solid ${c.border}`, background: c.background }}>
          {footer}
        </div>
      ) : null}
    </div>
  );
}
