import type { ComponentType } from 'react';
import { colorValues, densityValues, tokens, type ColorSet, type ThemeName } from '@plinth/shared-ui/theme';
import { contrastRatio } from '../../src/theme/contrast';
import * as icons from '@plinth/shared-ui/icons';
import { NAV_ICONS } from '@plinth/shared-ui/nav-icons';
import { Specimen } from './Gallery';

const ROLES: { role: string; token: keyof ColorSet; ink?: boolean }[] = [
  { role: 'background', token: 'background' },
  { role: 'surface', token: 'surface' },
  { role: 'surface raised', token: 'surfaceRaised' },
  { role: 'border', token: 'border' },
  { role: 'control border', token: 'borderControl' },
  { role: 'text', token: 'text', ink: true },
  { role: 'muted', token: 'textMuted', ink: true },
  { role: 'brand', token: 'brand' },
  { role: 'brand text', token: 'brandText', ink: true },
  { role: 'success', token: 'success' },
  { role: 'success text', token: 'successText', ink: true },
  { role: 'warning', token: 'warning' },
  { role: 'warning text', token: 'warningText', ink: true },
  { role: 'destructive', token: 'danger' },
  { role: 'destructive text', token: 'dangerText', ink: true },
  { role: 'focus', token: 'focus' },
];

const c = tokens.color;
const mono = { fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, color: c.textMuted } as const;

function ColourRoles({ theme }: { theme: ThemeName }) {
  const values = colorValues[theme];
  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.space.md }}>
      {ROLES.map(({ role, token, ink }) => {
        const ratio = contrastRatio(values[token], values.background);
        return (
          <div key={token} css={{ border: `1px solid ${c.border}`, borderRadius: tokens.radius.md, overflow: 'hidden', background: c.surface }}>
            <div css={{ height: 44, background: `var(--plinth-color-${token.replace(/[A-Z]/g, (x) => `-${x.toLowerCase()}`)})`, borderBottom: `1px solid ${c.border}` }} />
            <div css={{ padding: tokens.space.sm, display: 'grid', gap: 2 }}>
              <strong css={{ fontSize: tokens.fontSize.sm }}>{role}</strong>
              <span css={mono}>color.{token} · {values[token]}</span>
              <span css={mono}>
                {ratio.toFixed(2)}:1 on background{ink ? ' (text: 4.5 needed)' : token === 'background' ? '' : ' (UI: 3 needed)'}
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
}

const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'] as const;
const SPACES = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'] as const;

export function TokenSections({ theme }: { theme: ThemeName }) {
  const iconEntries = Object.entries(icons).filter(([name]) => /^[A-Z]\w*Icon$/.test(name)) as [string, ComponentType<icons.IconProps>][];
  return (
    <>
      <Specimen title="Colour roles" note="Ratios are computed from the tokens; tokens.test.ts fails the run below WCAG AA.">
        <ColourRoles theme={theme} />
      </Specimen>
      <Specimen title="Type scale" note="System font stack; semibold headings, medium controls, regular text.">
        <div css={{ display: 'grid', gap: tokens.space.sm }}>
          {SIZES.map((size) => (
            <div key={size} css={{ display: 'flex', alignItems: 'baseline', gap: tokens.space.lg }}>
              <span css={[mono, { width: 120, flex: 'none' }]}>fontSize.{size}</span>
              <span css={{ fontSize: tokens.fontSize[size], lineHeight: tokens.lineHeight.tight }}>Buckets hold your project’s files</span>
            </div>
          ))}
          <div css={{ display: 'flex', alignItems: 'baseline', gap: tokens.space.lg }}>
            <span css={[mono, { width: 120, flex: 'none' }]}>font.mono</span>
            <code css={{ fontFamily: tokens.font.mono, fontSize: tokens.fontSize.sm }}>select * from storage.objects;</code>
          </div>
        </div>
      </Specimen>
      <Specimen title="Spacing, radii and elevation">
        <div css={{ display: 'grid', gap: tokens.space.xs }}>
          {SPACES.map((space) => (
            <div key={space} css={{ display: 'flex', alignItems: 'center', gap: tokens.space.lg }}>
              <span css={[mono, { width: 120 }]}>space.{space}</span>
              <span css={{ width: tokens.space[space], height: 12, background: c.brand, borderRadius: 2 }} />
            </div>
          ))}
        </div>
        <div css={{ display: 'flex', gap: tokens.space.xl, flexWrap: 'wrap' }}>
          {(['sm', 'md', 'lg', 'full'] as const).map((radius) => (
            <div key={radius} css={{ display: 'grid', gap: tokens.space.xs, justifyItems: 'center' }}>
              <span css={{ width: 64, height: 64, border: `1px solid ${c.borderStrong}`, background: c.surface, borderRadius: tokens.radius[radius] }} />
              <span css={mono}>radius.{radius}</span>
            </div>
          ))}
          {(['card', 'popover', 'dialog'] as const).map((level) => (
            <div key={level} css={{ display: 'grid', gap: tokens.space.xs, justifyItems: 'center' }}>
              <span css={{ width: 120, height: 64, background: c.surfaceRaised, border: `1px solid ${c.border}`, borderRadius: tokens.radius.lg, boxShadow: tokens.elevation[level] }} />
              <span css={mono}>elevation.{level}</span>
            </div>
          ))}
        </div>
      </Specimen>
      <Specimen title="Motion, focus and density" note="Durations drop to 0 ms under prefers-reduced-motion. The ring shows on keyboard focus only.">
        <div css={{ display: 'flex', gap: tokens.space.xl, flexWrap: 'wrap', alignItems: 'center' }}>
          <span css={mono}>motion.fast 120ms · motion.normal 200ms · motion.slow 320ms</span>
          <span css={{ padding: '6px 14px', borderRadius: tokens.radius.md, border: `1px solid ${c.borderStrong}`, background: c.surfaceRaised, fontSize: tokens.fontSize.sm, ...tokens.focusRing }}>focusRing</span>
          <span css={{ padding: '6px 14px', borderRadius: tokens.radius.md, border: `1px solid ${c.borderStrong}`, background: c.surfaceRaised, fontSize: tokens.fontSize.sm, ...tokens.focusRingInset }}>focusRingInset</span>
          {(['comfortable', 'dense'] as const).map((density) => (
            <span key={density} data-density={density} css={mono}>
              {density}: rows {densityValues[density].row}px, controls {densityValues[density].control}px
            </span>
          ))}
        </div>
      </Specimen>
      <Specimen title="Icons" note="lucide, one module per icon; decorative unless given a title.">
        <div css={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: tokens.space.sm }}>
          {[...iconEntries, ...Object.entries(NAV_ICONS).map(([name, Icon]) => [`nav: ${name}`, Icon] as [string, ComponentType<icons.IconProps>])].map(([name, Icon]) => (
            <div key={name} css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, padding: tokens.space.sm, border: `1px solid ${c.border}`, borderRadius: tokens.radius.md, fontSize: tokens.fontSize.xs, color: c.textMuted, minWidth: 0 }}>
              <span css={{ color: c.text, display: 'inline-flex' }}>
                <Icon size={18} />
              </span>
              <span css={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name.replace(/Icon$/, '')}</span>
            </div>
          ))}
        </div>
      </Specimen>
    </>
  );
}
