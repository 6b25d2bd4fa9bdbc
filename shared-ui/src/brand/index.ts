export { BrandMark, BrandLockup, BRAND_SLABS, PRODUCT_NAME } from './BrandMark';
export type { BrandMarkProps, BrandLockupProps } from './BrandMark';
