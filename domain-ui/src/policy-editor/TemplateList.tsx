import type { PolicyTemplate } from '@plinth/contracts-database';
import { Button } from '@plinth/shared-ui/button';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { tokens } from '@plinth/shared-ui/theme';
import { useState } from 'react';

export interface TemplateListProps {
  templates: readonly PolicyTemplate[];
  onUse: (template: PolicyTemplate) => void;
  onBack: () => void;
}

/** The policy templates (at most 24rem high), the chosen one's statement, and 'Use this template'. */
export function TemplateList({ templates, onUse, onBack }: TemplateListProps) {
  const [chosenId, setChosenId] = useState(templates[0]?.id);
  const chosen = templates.find((t) => t.id === chosenId);
  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: tokens.space.lg, minWidth: 0 }}>
      <ul role="listbox" aria-label="Policy templates" css={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '24rem', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.space.xs }}>
        {templates.map((template) => {
          const selected = template.id === chosenId;
          return (
            <li
              key={template.id}
              role="option"
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosenId(template.id)}
              onDoubleClick={() => onUse(template)}
              onKeyDown={(event) => {
                const index = templates.indexOf(template);
                const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
                if (move) {
                  event.preventDefault();
                  const next = templates[(index + move + templates.length) % templates.length]!;
                  setChosenId(next.id);
                  (event.currentTarget.parentElement?.children[templates.indexOf(next)] as HTMLElement | undefined)?.focus();
                } else if (event.key === 'Enter') onUse(template);
              }}
              css={{
                padding: `${tokens.space.sm} ${tokens.space.md}`, borderRadius: tokens.radius.md, cursor: 'pointer',
                border: `1px solid ${selected ? tokens.color.brand : tokens.color.border}`,
                background: selected ? tokens.color.surfaceHover : 'transparent', '&:focus-visible': tokens.focusRingInset,
              }}
            >
              <div css={{ fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.medium }}>{template.templateName}</div>
              <div css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>{template.description}</div>
            </li>
          );
        })}
      </ul>
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, minWidth: 0 }}>
        {chosen ? <CodeBlock code={chosen.statement} label={`${chosen.templateName}: statement`} wrap /> : null}
        <div css={{ display: 'flex', gap: tokens.space.sm, justifyContent: 'flex-end' }}>
          <Button onClick={onBack}>Back</Button>
          <Button variant="primary" disabled={!chosen} onClick={() => chosen && onUse(chosen)}>Use this template</Button>
        </div>
      </div>
    </div>
  );
}
