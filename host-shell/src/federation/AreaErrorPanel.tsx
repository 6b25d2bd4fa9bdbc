export interface AreaErrorPanelProps {
  title: string;
  detail: string;
  /** Shown as a "Retry" button when given. */
  onRetry?: () => void;
}

/** What an area's region shows when the area could not be loaded, timed out, threw or was refused. */
export function AreaErrorPanel({ title, detail, onRetry }: AreaErrorPanelProps) {
  return (
    <section
      role="alert"
      data-area-error=""
      css={{
        margin: 24,
        padding: 24,
        maxWidth: 640,
        border: '1px solid var(--plinth-color-border, #444)',
        borderRadius: 8,
        background: 'var(--plinth-color-surface, transparent)',
      }}
    >
      <h2 css={{ margin: '0 0 8px', fontSize: 18 }}>{title}</h2>
      <p css={{ margin: '0 0 16px', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{detail}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </section>
  );
}
