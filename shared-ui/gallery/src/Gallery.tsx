import type { ReactNode } from 'react';
import { tokens, type ThemeName } from '@plinth/shared-ui/theme';
import { BrandLockup } from '@plinth/shared-ui/brand';
import { TokenSections } from './token-sections';
import { PrimitiveSections } from './primitive-sections';

/** One titled block of the gallery. */
export function Specimen({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} css={{ display: 'grid', gap: tokens.space.md, padding: `${tokens.space.xl} 0`, borderTop: `1px solid ${tokens.color.border}` }}>
      <div>
        <h2 css={{ margin: 0, fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold }}>{title}</h2>
        {note ? <p css={{ margin: `${tokens.space.xs} 0 0`, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{note}</p> : null}
      </div>
      {children}
    </section>
  );
}

export function Gallery({ theme }: { theme: ThemeName }) {
  const other = theme === 'dark' ? 'light' : 'dark';
  return (
    <div css={{ minHeight: '100vh', background: tokens.color.background }}>
      <header css={{ display: 'flex', alignItems: 'center', gap: tokens.space.lg, padding: `${tokens.space.md} ${tokens.space.xl}`, borderBottom: `1px solid ${tokens.color.border}`, background: tokens.color.surface }}>
        <BrandLockup />
        <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>Design gallery · {theme} theme</span>
        <a href={`?theme=${other}`} css={{ marginLeft: 'auto', fontSize: tokens.fontSize.sm }}>
          Show the {other} theme
        </a>
      </header>
      <main css={{ maxWidth: 1120, margin: '0 auto', padding: `${tokens.space.xl} ${tokens.space.xl} ${tokens.space.xxxl}` }}>
        <h1 css={{ margin: 0, fontSize: tokens.fontSize.xxxl, fontWeight: tokens.fontWeight.semibold, lineHeight: tokens.lineHeight.tight }}>Plinth design language</h1>
        <p css={{ margin: `${tokens.space.sm} 0 ${tokens.space.xl}`, color: tokens.color.textMuted, maxWidth: 640 }}>
          Every token and primitive of @plinth/shared-ui, as areas get them. The rules behind them are in shared-ui/README.md.
        </p>
        <TokenSections theme={theme} />
        <PrimitiveSections />
      </main>
    </div>
  );
}
