import { useState } from 'react';
import { css } from '@emotion/react';
import { Button } from '@plinth/shared-ui/button';
import { DisabledReason } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { COPY_NOTICE_MS } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';

const valueStyle = css({
  flex: 1,
  minWidth: 0,
  padding: '6px 10px',
  borderRadius: tokens.radius.sm,
  border: `1px solid ${tokens.color.border}`,
  background: tokens.color.background,
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSize.xs,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const MASKED_VALUE = '••••••••••••••••••••••••••••••••';

export interface SecretFieldProps {
  label: string;
  value: string;
  /** Secret values are masked until revealed. */
  secret?: boolean;
  /** Why the value may not be revealed or copied; null when it may. */
  lockedReason?: string | null;
  tags?: readonly string[];
}

/** One labelled value (an API key, the URL, the JWT secret) with Reveal and Copy. */
export function SecretField({ label, value, secret = false, lockedReason = null, tags = [] }: SecretFieldProps) {
  const { props } = useArea();
  const [revealed, setRevealed] = useState(false);
  const shown = !secret || (revealed && !lockedReason);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      props.notify({ kind: 'success', message: `Copied ${label} to clipboard`, durationMs: COPY_NOTICE_MS });
    } catch {
      props.notify({ kind: 'error', message: `Could not copy ${label}: the browser refused access to the clipboard` });
    }
  };
  const id = `secret-${label.replace(/\W+/g, '-')}`;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 6, marginBottom: tokens.space.lg }}>
      <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center' }}>
        <span id={id} css={{ fontWeight: 600, fontSize: tokens.fontSize.sm }}>
          {label}
        </span>
        {tags.map((tag) => (
          <code key={tag} css={{ fontSize: tokens.fontSize.xs, padding: '1px 6px', borderRadius: tokens.radius.full, border: `1px solid ${tokens.color.borderStrong}` }}>
            {tag}
          </code>
        ))}
      </div>
      <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center' }}>
        <output aria-labelledby={id} css={valueStyle}>
          {shown ? value : MASKED_VALUE}
        </output>
        {secret ? (
          <DisabledReason reason={lockedReason}>
            <Button size="small" onClick={() => setRevealed((r) => !r)}>
              {revealed && !lockedReason ? 'Hide' : 'Reveal'}
            </Button>
          </DisabledReason>
        ) : null}
        <DisabledReason reason={secret ? lockedReason : null}>
          <Button size="small" aria-label={`Copy ${label}`} onClick={copy}>
            Copy
          </Button>
        </DisabledReason>
      </div>
    </div>
  );
}
