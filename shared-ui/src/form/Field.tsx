import { createContext, useContext, useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

interface FieldContextValue {
  id: string;
  hintId?: string;
  errorId?: string;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/**
 * The props a control inside a `Field` needs: its id (for the label), `aria-invalid` and
 * `aria-describedby` pointing at the hint and error. Explicit props on the control win.
 */
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-describedby'?: string;
  required?: boolean;
}

export function useFieldControl<P extends FieldControlProps>(props: P): P & FieldControlProps {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [props['aria-describedby'], field.errorId, field.hintId].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid ? true : undefined),
    'aria-describedby': describedBy,
    required: props.required ?? (field.required || undefined),
  };
}

export interface FieldProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text; when present the control is marked invalid and the text is announced. */
  error?: ReactNode;
  /** Shows a required marker and sets `required` on the control. */
  required?: boolean;
  /** Id given to the control; generated when left out. */
  id?: string;
  /** Label beside the control instead of above (for checkboxes and switches). */
  inline?: boolean;
  children: ReactNode;
  className?: string;
}

const fieldStyle = css({ display: 'flex', flexDirection: 'column', gap: 6, marginBottom: tokens.space.lg });
const inlineStyle = css({ flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.space.sm });
const labelStyle = css({ fontSize: tokens.fontSize.sm, fontWeight: 500, color: tokens.color.text });
const hintStyle = css({ margin: 0, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, flexBasis: '100%' });
const errorStyle = css({ margin: 0, fontSize: tokens.fontSize.xs, color: tokens.color.dangerText, flexBasis: '100%' });

/** A labelled form control with hint and error text, wired for assistive technology. */
export function Field({ label, hint, error, required = false, id, inline = false, children, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  const value: FieldContextValue = {
    id: controlId,
    hintId: hasHint ? `${controlId}-hint` : undefined,
    errorId: hasError ? `${controlId}-error` : undefined,
    invalid: hasError,
    required,
  };
  const labelNode = (
    <label htmlFor={controlId} css={labelStyle}>
      {label}
      {required ? (
        <span aria-hidden="true" css={{ color: tokens.color.dangerText, marginLeft: 2 }}>
          *
        </span>
      ) : null}
    </label>
  );
  return (
    <FieldContext.Provider value={value}>
      <div css={[fieldStyle, inline && inlineStyle]} className={className}>
        {inline ? (
          <>
            {children}
            {labelNode}
          </>
        ) : (
          <>
            {labelNode}
            {children}
          </>
        )}
        {hasError ? (
          <p id={value.errorId} role="alert" css={errorStyle}>
            {error}
          </p>
        ) : null}
        {hasHint ? (
          <p id={value.hintId} css={hintStyle}>
            {hint}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}
