import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { BrandLockup } from '@plinth/shared-ui/brand';
import { usePageTitle } from '../../app/page-title';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface Props {
  title: string;
  /** The date the text took effect, as written on the page. */
  effective: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** A legal text the sign-in page links to: readable line length, headings, the way back. Open to everyone. */
export function LegalPage({ title, effective, intro, sections }: Props) {
  usePageTitle(title);
  return (
    <div css={{ minHeight: '100vh', background: tokens.color.background, color: tokens.color.text }}>
      <header css={{ display: 'flex', alignItems: 'center', gap: tokens.space.lg, padding: `${tokens.space.md} ${tokens.space.xl}`, borderBottom: `1px solid ${tokens.color.border}`, background: tokens.color.surface }}>
        <Link to="/sign-in" aria-label="Plinth: sign in" css={{ display: 'inline-flex', color: 'inherit', textDecoration: 'none', borderRadius: tokens.radius.md, '&:focus-visible': tokens.focusRing }}>
          <BrandLockup size={24} fontSize={16} />
        </Link>
        <nav aria-label="Legal" css={{ marginLeft: 'auto', display: 'flex', gap: tokens.space.lg, fontSize: tokens.fontSize.sm }}>
          <Link to="/terms" css={{ color: tokens.color.brandText }}>
            Terms of Service
          </Link>
          <Link to="/privacy" css={{ color: tokens.color.brandText }}>
            Privacy Policy
          </Link>
        </nav>
      </header>
      <main id="content" css={{ maxWidth: 720, margin: '0 auto', padding: `${tokens.space.xxl} ${tokens.space.xl}`, lineHeight: tokens.lineHeight.normal }}>
        <h1 css={{ margin: 0, fontSize: tokens.fontSize.xxl, fontWeight: tokens.fontWeight.semibold, lineHeight: tokens.lineHeight.tight }}>{title}</h1>
        <p css={{ margin: `${tokens.space.xs} 0 ${tokens.space.xl}`, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>In effect from {effective}</p>
        <div css={{ fontSize: tokens.fontSize.md }}>{intro}</div>
        {sections.map((section) => (
          <section key={section.heading} aria-label={section.heading} css={{ marginTop: tokens.space.xl }}>
            <h2 css={{ margin: `0 0 ${tokens.space.sm}`, fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>{section.heading}</h2>
            <div css={{ color: tokens.color.text, '& p': { margin: `0 0 ${tokens.space.sm}` } }}>{section.body}</div>
          </section>
        ))}
        <p css={{ marginTop: tokens.space.xxl }}>
          <Link to="/sign-in" css={{ color: tokens.color.brandText }}>
            Back to sign in
          </Link>
        </p>
      </main>
    </div>
  );
}
