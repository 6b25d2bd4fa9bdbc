import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { SpinnerGlyph } from '../internal/Spinner';

export type ButtonVariant = 'primary' | 'default' | 'danger' | 'ghost';
export type ButtonSize = 'small' | 'medium';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  /** Icon drawn before the label. */
  icon?: ReactNode;
  /** Icon drawn after the label. */
  iconRight?: ReactNode;
  /** Take the full width of the container. */
  block?: boolean;
}

const c = tokens.color;

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.sm,
  border: '1px solid transparent',
  borderRadius: tokens.radius.md,
  fontFamily: 'inherit',
  fontWeight: 500,
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: `background-color ${tokens.motion.fast}, border-color ${tokens.motion.fast}, color ${tokens.motion.fast}`,
  '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: 2 },
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.5, cursor: 'not-allowed' },
});

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  small: css({ fontSize: tokens.fontSize.xs, padding: '4px 10px', minHeight: 26 }),
  medium: css({ fontSize: tokens.fontSize.sm, padding: '6px 14px', minHeight: 32 }),
};

const enabled = ':not(:disabled):not([aria-disabled="true"])';

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css({
    background: c.brand,
    color: c.onBrand,
    [`&:hover${enabled}`]: { background: c.brandHover },
  }),
  default: css({
    background: c.surfaceRaised,
    color: c.text,
    borderColor: c.borderStrong,
    [`&:hover${enabled}`]: { background: c.surfaceHover },
  }),
  danger: css({
    background: c.danger,
    color: c.onDanger,
    [`&:hover${enabled}`]: { background: c.dangerHover },
  }),
  ghost: css({
    background: 'transparent',
    color: c.text,
    [`&:hover${enabled}`]: { background: c.surfaceHover },
  }),
};

const asLink = css({ textDecoration: 'none', boxSizing: 'border-box' });

/**
 * The button's look for an element that is not a button: a router link that reads as an action
 * (`<Link to="/projects" css={buttonCss('primary')}>`). Navigation stays a link.
 */
export function buttonCss(variant: ButtonVariant = 'default', size: ButtonSize = 'medium') {
  return [base, sizes[size], variants[variant], asLink];
}

/**
 * The console's button. `aria-disabled="true"` (set by `DisabledReason`) blocks clicks like
 * `disabled` does but keeps the button focusable so its reason can be read.
 */
export function Button({
  variant = 'default',
  size = 'medium',
  loading = false,
  icon,
  iconRight,
  block = false,
  type = 'button',
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const softDisabled = rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (softDisabled || loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={handleClick}
      css={[base, sizes[size], variants[variant], block && css({ width: '100%' })]}
      {...rest}
    >
      {loading ? <SpinnerGlyph size={size === 'small' ? 12 : 14} /> : icon}
      {children}
      {iconRight}
    </button>
  );
}
