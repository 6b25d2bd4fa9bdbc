import type { ComponentType, ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'> {
  /** Width and height in pixels. Default 16. */
  size?: number;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  title?: string;
}

const iconCss = { flex: 'none', display: 'inline-block', verticalAlign: 'middle' } as const;

function a11y(title?: string) {
  return { role: title ? 'img' : undefined, 'aria-label': title, 'aria-hidden': title ? undefined : true, focusable: 'false' as const };
}

/** Outline icon on a 24-unit grid, drawn with the current text colour, for a glyph lucide lacks. */
export function createIcon(displayName: string, paths: ReactNode) {
  function Icon({ size = 16, title, ...rest }: IconProps) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...a11y(title)} css={iconCss} {...rest}>
        {title ? <title>{title}</title> : null}
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

type LucideGlyph = ComponentType<Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number | string; absoluteStrokeWidth?: boolean }>;

/** One lucide icon with Plinth's icon props: 16 px by default, decorative unless it has a `title`. */
export function fromLucide(displayName: string, Glyph: LucideGlyph) {
  function Icon({ size = 16, title, ...rest }: IconProps) {
    return (
      <Glyph size={size} strokeWidth={2} {...a11y(title)} css={iconCss} {...rest}>
        {title ? <title>{title}</title> : null}
      </Glyph>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}
