import type { ComponentPropsWithRef, ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { ChevronDownIcon } from '@plinth/shared-ui/icons';
import { textControlStyle } from './controlStyles';
import { useFieldControl } from './Field';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'prefix'> {
  /** Fixed text before the value, e.g. a URL prefix or unit. */
  prefix?: ReactNode;
  /** Fixed text after the value, e.g. 'MB'. */
  suffix?: ReactNode;
}

const affixStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  padding: '0 10px',
  fontSize: tokens.fontSize.sm,
  color: tokens.color.textMuted,
  background: tokens.color.surfaceHover,
  border: `1px solid ${tokens.color.borderStrong}`,
  whiteSpace: 'nowrap',
});

/** Single-line text input. Inside a `Field` it picks up its id and error wiring. */
export function TextInput({ prefix, suffix, type = 'text', ...props }: TextInputProps) {
  const wired = useFieldControl(props);
  const input = <input type={type} css={textControlStyle} {...wired} />;
  if (!prefix && !suffix) return input;
  return (
    <div css={{ display: 'flex', width: '100%', '& > input': { flex: 1, minWidth: 0 } }}>
      {prefix ? <span css={[affixStyle, { borderRight: 'none', borderRadius: `${tokens.radius.md} 0 0 ${tokens.radius.md}` }]}>{prefix}</span> : null}
      <input
        type={type}
        css={[
          textControlStyle,
          prefix ? { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 } : null,
          suffix ? { borderTopRightRadius: 0, borderBottomRightRadius: 0 } : null,
        ]}
        {...wired}
      />
      {suffix ? <span css={[affixStyle, { borderLeft: 'none', borderRadius: `0 ${tokens.radius.md} ${tokens.radius.md} 0` }]}>{suffix}</span> : null}
    </div>
  );
}

export type TextAreaProps = ComponentPropsWithRef<'textarea'>;

/** Multi-line text input. */
export function TextArea({ rows = 4, ...props }: TextAreaProps) {
  const wired = useFieldControl(props);
  return <textarea rows={rows} css={[textControlStyle, { resize: 'vertical', lineHeight: 1.5 }]} {...wired} />;
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'> {
  options?: readonly SelectOption[];
  /** Text of a first, empty choice (value ''). */
  placeholder?: string;
}

/** A native select (keyboard and screen-reader behaviour of the platform), styled. */
export function Select({ options, placeholder, children, ...props }: SelectProps) {
  const wired = useFieldControl(props);
  return (
    <div css={{ position: 'relative', width: '100%' }}>
      <select css={[textControlStyle, { appearance: 'none', paddingRight: 30, cursor: 'pointer' }]} {...wired}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDownIcon
        size={14}
        css={{ position: 'absolute', right: 10, top: '50%', transform: 'translateY(-50%)', pointerEvents: 'none', color: tokens.color.textMuted }}
      />
    </div>
  );
}
