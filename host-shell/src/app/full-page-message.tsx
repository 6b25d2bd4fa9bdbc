import type { ReactNode } from 'react';

interface Props {
  title: string;
  detail?: ReactNode;
  busy?: boolean;
  action?: { label: string; onClick: () => void };
}

/** A centred message filling the page: loading, or a failure with one way forward. */
export function FullPageMessage({ title, detail, busy, action }: Props) {
  return (
    <div
      role={busy ? 'status' : 'alert'}
      aria-busy={busy || undefined}
      css={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', padding: 24 }}
    >
      <div>
        <h1 css={{ fontSize: 18, fontWeight: 500, margin: '0 0 8px' }}>{title}</h1>
        {detail ? <p css={{ margin: '0 0 16px', opacity: 0.8 }}>{detail}</p> : null}
        {action ? (
          <button type="button" onClick={action.onClick}>
            {action.label}
          </button>
        ) : null}
      </div>
    </div>
  );
}
