export { Button, buttonCss } from './Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './Button';
