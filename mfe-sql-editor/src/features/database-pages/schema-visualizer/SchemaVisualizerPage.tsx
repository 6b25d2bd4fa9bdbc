import { useId, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Field, Select } from '@plinth/shared-ui/form';
import { RefreshIcon } from '@plinth/shared-ui/icons';
import { EmptyState, LoadingState, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useObjects } from '../queries';
import { diagramModel } from './diagram-model';
import { SchemaActions } from './SchemaActions';
import { SchemaDiagram } from './SchemaDiagram';
import { useDiagramLayout } from './use-diagram-layout';
import { keys } from '../../../area/query-keys';

/**
 * database/schemas, the Schema Visualizer (issue 22): the chosen schema (`?schema=`, public by
 * default) drawn as its tables with their columns and keys and the foreign keys between them.
 */
export function SchemaVisualizerPage() {
  const { api, projectRef } = useArea();
  const [params, setParams] = useSearchParams();
  const schema = params.get('schema') || 'public';
  const choose = (next: string) => setParams(next === 'public' ? {} : { schema: next }, { replace: true });
  const graph = useObjects('schema-graph', (a, ref) => a.databaseObjects.getSchemaGraph(ref, schema), schema);
  const schemas = useQuery({ queryKey: keys.schemasWithSystem(projectRef), queryFn: () => api.database.listSchemas(projectRef, true) });
  const model = useMemo(() => (graph.data ? diagramModel(graph.data) : null), [graph.data]);
  const { layout, error: layoutError, retry: retryLayout } = useDiagramLayout(model);
  const helpId = useId();
  const isProtected = schemas.data?.find((s) => s.name === schema)?.protected ?? false;

  let body;
  if (graph.isPending) body = <LoadingSkeleton label={`Loading schema ${schema}`} rows={6} />;
  else if (graph.isError) body = <InlineError message={`Failed to load schema ${schema}`} detail={graph.error.message} onRetry={() => void graph.refetch()} />;
  else if (!model || model.tables.length === 0)
    body = <EmptyState framed title={`No tables in schema ${schema}`} description="Create a table in the Table Editor or with SQL, and it is drawn here with its columns and foreign keys." />;
  else if (layoutError) body = <InlineError message="Failed to draw the diagram" detail={layoutError instanceof Error ? layoutError.message : undefined} onRetry={retryLayout} />;
  else if (!layout) body = <LoadingState label="Drawing the diagram…" />;
  else body = <SchemaDiagram model={model} layout={layout} helpId={helpId} />;

  return (
    <div css={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 560 }}>
      <PageHeader
        title="Schema Visualizer"
        description="The tables of a schema with their columns and keys, and the foreign keys between them. Open a table in the Table Editor by clicking it."
        actions={<SchemaActions schema={schema} isProtected={isProtected} onChosen={choose} />}
      />
      <div css={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: tokens.space.md, padding: tokens.space.lg }}>
        <div css={{ display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap', gap: tokens.space.md }}>
          <Field label="Schema" css={{ marginBottom: 0, minWidth: 240 }}>
            <Select value={schema} onChange={(e) => choose(e.target.value)}>
              {schemaGroups(schemas.data?.map((s) => ({ name: s.name, isProtected: s.protected })) ?? [{ name: schema, isProtected: false }]).map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.names.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          </Field>
          <Button icon={<RefreshIcon />} loading={graph.isFetching && !graph.isPending} onClick={() => void graph.refetch()}>
            Refresh
          </Button>
          {model && model.tables.length ? (
            <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
              {count(model.tables.length, 'table')}, {count(model.links.length, 'foreign key')} between them
            </p>
          ) : null}
        </div>
        <p id={helpId} css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>
          Drag or use the arrow keys to move around; the wheel, + and − zoom; 0 fits the diagram to the view. Click a table, or press Enter on it, to open it in the Table Editor.
        </p>
        {body}
      </div>
    </div>
  );
}

/** The picker's groups, as the table editor's: the user's schemas, then the protected ones. */
function schemaGroups(schemas: { name: string; isProtected: boolean }[]) {
  return [
    { label: 'Schemas', names: schemas.filter((s) => !s.isProtected).map((s) => s.name) },
    { label: 'Protected schemas', names: schemas.filter((s) => s.isProtected).map((s) => s.name) },
  ].filter((g) => g.names.length);
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
