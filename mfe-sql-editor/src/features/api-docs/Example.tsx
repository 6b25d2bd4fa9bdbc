import type { ApiExample } from '@plinth/contracts-database/database-api-docs-examples';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { tokens } from '@plinth/shared-ui/theme';

/** One example: its title, the supabase-js text and the curl text, each with a copy button. */
export function Example({ example, description }: { example: ApiExample; description?: string }) {
  return (
    <section aria-label={example.title} css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm }}>
      <h3 css={{ margin: 0, fontSize: tokens.fontSize.md }}>{example.title}</h3>
      {description ? <p css={{ margin: 0, color: tokens.color.textMuted }}>{description}</p> : null}
      <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: tokens.space.md }}>
        <CodeBlock label="JavaScript" code={example.js} />
        <CodeBlock label="Bash" code={example.curl} />
      </div>
    </section>
  );
}
