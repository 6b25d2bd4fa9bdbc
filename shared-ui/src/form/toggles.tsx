import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { useFieldControl } from './Field';

const c = tokens.color;

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Label drawn beside the box when the checkbox is used outside a `Field`. */
  label?: ReactNode;
}

const boxStyle = css({
  width: 16,
  height: 16,
  margin: 0,
  accentColor: c.brand,
  cursor: 'pointer',
  '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: 2 },
  '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
});

/** Native checkbox in the theme's colours. */
export function Checkbox({ label, ...props }: CheckboxProps) {
  const wired = useFieldControl(props);
  const box = <input type="checkbox" css={boxStyle} {...wired} />;
  if (!label) return box;
  return (
    <label css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.sm, fontSize: tokens.fontSize.sm, cursor: 'pointer' }}>
      {box}
      {label}
    </label>
  );
}

export interface SwitchProps extends Omit<ComponentPropsWithRef<'button'>, 'onChange' | 'value' | 'defaultValue'> {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Name and value for native form posts; the field posts "on" when checked. */
  name?: string;
}

const trackStyle = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  width: 34,
  height: 20,
  padding: 2,
  flex: 'none',
  border: `1px solid ${c.borderStrong}`,
  borderRadius: tokens.radius.full,
  background: c.surfaceHover,
  cursor: 'pointer',
  transition: 'background-color 120ms',
  '&[aria-checked="true"]': { background: c.brand, borderColor: c.brand },
  '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: 2 },
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
});

const thumbStyle = css({
  display: 'block',
  width: 14,
  height: 14,
  borderRadius: '50%',
  background: c.text,
  transition: 'transform 120ms',
  '[aria-checked="true"] > &': { transform: 'translateX(14px)', background: c.onBrand },
});

/** On/off switch (`role="switch"`); Space and Enter toggle it like any button. */
export function Switch({ checked, defaultChecked = false, onCheckedChange, name, onClick, ...props }: SwitchProps) {
  const [own, setOwn] = useState(defaultChecked);
  const isOn = checked ?? own;
  const { required, ...wired } = useFieldControl(props);
  return (
    <>
      <button
        aria-required={required || undefined}
        type="button"
        role="switch"
        aria-checked={isOn}
        css={trackStyle}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          if (checked === undefined) setOwn(!isOn);
          onCheckedChange?.(!isOn);
        }}
        {...wired}
      >
        <span css={thumbStyle} />
      </button>
      {name && isOn ? <input type="hidden" name={name} value="on" /> : null}
    </>
  );
}
