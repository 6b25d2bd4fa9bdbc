export { createIcon, fromLucide } from './Icon';
export type { IconProps } from './Icon';
export * from './glyphs';
