import { tokens } from '@plinth/shared-ui/theme';

export const PRODUCT_NAME = 'Plinth';

/** The three slabs of the mark (a plinth seen from the front) on a 32-unit grid. */
export const BRAND_SLABS = [
  { x: 11, y: 8, width: 10, height: 4 },
  { x: 8, y: 14, width: 16, height: 4 },
  { x: 5, y: 20, width: 22, height: 5 },
] as const;

export interface BrandMarkProps {
  /** Width and height in pixels. Default 24. */
  size?: number;
  /** Accessible name; without it the mark is decorative (the product name is beside it). */
  title?: string;
}

/** Plinth's mark: a stepped base in the brand colour, drawn from the theme's tokens. */
export function BrandMark({ size = 24, title }: BrandMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      css={{ flex: 'none', display: 'block' }}
    >
      {title ? <title>{title}</title> : null}
      <rect width="32" height="32" rx="8" fill={tokens.color.brand} />
      {BRAND_SLABS.map((slab) => (
        <rect key={slab.y} {...slab} rx="1.5" fill={tokens.color.onBrand} />
      ))}
    </svg>
  );
}

export interface BrandLockupProps {
  size?: number;
  /** Wordmark size in pixels. Default 16. */
  fontSize?: number;
}

/** The mark with the product name beside it. */
export function BrandLockup({ size = 24, fontSize = 16 }: BrandLockupProps) {
  return (
    <span css={{ display: 'inline-flex', alignItems: 'center', gap: Math.round(size / 3), color: tokens.color.text }}>
      <BrandMark size={size} />
      <span css={{ fontSize, fontWeight: tokens.fontWeight.semibold, letterSpacing: '-0.01em', lineHeight: 1 }}>{PRODUCT_NAME}</span>
    </span>
  );
}
