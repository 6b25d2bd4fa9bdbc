import { useEffect, useRef, useState } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { CheckIcon, CopyIcon } from '@plinth/shared-ui/icons';

export interface CodeBlockProps {
  code: string;
  /** Shown above the code and used to name the copy button, e.g. 'SQL', 'Connection string'. */
  label?: string;
  /** Wrap long lines instead of scrolling sideways. */
  wrap?: boolean;
  /** How long the button says 'Copied' (ms). Default 2000. */
  copiedForMs?: number;
}

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  throw new Error('The clipboard is not available.');
}

/** Code or a value to paste elsewhere, with a copy button that confirms the copy aloud. */
export function CodeBlock({ code, label, wrap = false, copiedForMs = 2000 }: CodeBlockProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    writeClipboard(code).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), copiedForMs);
  };
  const c = tokens.color;
  return (
    <div css={{ position: 'relative', border: `1px solid ${c.border}`, borderRadius: tokens.radius.md, background: c.surface, minWidth: 0 }}>
      {label ? (
        <div css={{ padding: `${tokens.space.xs} ${tokens.space.md}`, borderBottom: `1px solid ${c.border}`, color: c.textMuted, fontSize: tokens.fontSize.xs, fontWeight: tokens.fontWeight.medium }}>{label}</div>
      ) : null}
      <pre
        tabIndex={0}
        aria-label={label}
        css={{
          margin: 0,
          padding: `${tokens.space.md} 44px ${tokens.space.md} ${tokens.space.md}`,
          overflowX: wrap ? 'hidden' : 'auto',
          whiteSpace: wrap ? 'pre-wrap' : 'pre',
          overflowWrap: wrap ? 'anywhere' : undefined,
          fontFamily: tokens.font.mono,
          fontSize: tokens.fontSize.sm,
          lineHeight: tokens.lineHeight.normal,
          color: c.text,
          '&:focus-visible': tokens.focusRingInset,
        }}
      >
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={copy}
        aria-label={state === 'copied' ? 'Copied' : label ? `Copy ${label}` : 'Copy'}
        title={state === 'copied' ? 'Copied' : 'Copy'}
        css={{
          position: 'absolute',
          top: label ? 34 : 8,
          right: 8,
          display: 'inline-flex',
          padding: 6,
          border: `1px solid ${c.border}`,
          borderRadius: tokens.radius.sm,
          background: c.surfaceRaised,
          color: state === 'copied' ? c.successText : c.textMuted,
          cursor: 'pointer',
          transition: `color ${tokens.motion.fast}`,
          '&:hover': { color: c.text },
          '&:focus-visible': tokens.focusRing,
        }}
      >
        {state === 'copied' ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      </button>
      <span role="status" css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Could not copy: select the text and copy it by hand' : ''}
      </span>
    </div>
  );
}
