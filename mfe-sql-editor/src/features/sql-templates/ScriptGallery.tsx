import { Button } from '@plinth/shared-ui/button';
import { PageHeader } from '@plinth/shared-ui/layout';
import { Card } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useOpenAsNewQuery } from '../../area/open-as-new-query';
import type { SqlScript } from './scripts';

export interface ScriptGalleryProps {
  title: string;
  description: string;
  scripts: readonly SqlScript[];
}

/** Templates or Quickstarts: a card per script with its first lines; Open makes it a new query to read and run. */
export function ScriptGallery({ title, description, scripts }: ScriptGalleryProps) {
  const open = useOpenAsNewQuery();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader title={title} description={description} />
      <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: tokens.space.md, padding: tokens.space.lg }}>
        {scripts.map((script) => (
          <Card
            key={script.id}
            title={script.title}
            description={script.description}
            footer={
              <Button
                variant="primary"
                aria-label={`Open as new query: ${script.title}`}
                loading={open.isPending && open.variables?.name === script.title}
                onClick={() => open.mutate({ name: script.title, sql: script.sql })}
              >
                Open as new query
              </Button>
            }
          >
            <pre
              aria-label={`First lines of ${script.title}`}
              css={{ margin: 0, maxHeight: 120, overflow: 'hidden', fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, whiteSpace: 'pre-wrap' }}
            >
              {script.sql.split('\n').slice(0, 6).join('\n')}
            </pre>
          </Card>
        ))}
      </div>
    </div>
  );
}
