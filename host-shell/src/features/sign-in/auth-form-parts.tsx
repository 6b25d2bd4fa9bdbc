import type { ReactNode } from 'react';

/** A labelled input with its error text underneath, for the sign-in forms. */
export function AuthField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div css={{ display: 'grid', gap: 4, marginBottom: 16 }}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <span id={`${id}-error`} role="alert" css={{ color: 'var(--plinth-danger, #e5484d)', fontSize: 13 }}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export const inputCss = { padding: '8px 10px', borderRadius: 6, border: '1px solid currentColor', background: 'transparent', color: 'inherit', font: 'inherit' } as const;
export const submitCss = { width: '100%', padding: '10px 12px', borderRadius: 6, font: 'inherit', cursor: 'pointer' } as const;
