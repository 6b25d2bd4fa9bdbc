import { NavLink } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { VirtualList } from '@plinth/shared-ui/virtual-list';
import { TABLE_LIST_ROW_HEIGHT, TABLE_NAME_TOOLTIP_AFTER, type Entity } from '@plinth/contracts-database';
import { menuStyles } from '@plinth/area-kit';
import { useEntities, type EntityQuery } from './use-table-editor-data';
import { TableActions } from './TableActions';

/** Rows in view before the list scrolls; the next page loads when its end comes into view. */
const VISIBLE_ROWS = 24;

export const ENTITY_EMPTY_MESSAGES = { none: 'No entities available', noResults: 'No results found' } as const;

const TYPE_BADGES: Record<Entity['type'], string> = {
  table: '',
  view: 'view',
  'materialized view': 'mat. view',
  'foreign table': 'foreign',
  'partitioned table': 'partitioned',
};

function EntityRow({ entity }: { entity: Entity }) {
  const link = (
    <NavLink to={`/editor/${entity.id}`} css={menuStyles.link}>
      {entity.name}
    </NavLink>
  );
  return (
    <div css={[menuStyles.row, { height: TABLE_LIST_ROW_HEIGHT }]} data-entity-type={entity.type}>
      {entity.name.length > TABLE_NAME_TOOLTIP_AFTER ? <Tooltip content={entity.name}>{link}</Tooltip> : link}
      {TYPE_BADGES[entity.type] ? <span css={menuStyles.muted}>{TYPE_BADGES[entity.type]}</span> : null}
      <TableActions entity={entity} />
    </div>
  );
}

/** The schema's entities, a page at a time, with their count (000 §2.9). */
export function EntityList(query: EntityQuery) {
  const entities = useEntities(query);
  if (entities.isPending) return <p css={menuStyles.muted} role="status">Loading tables…</p>;
  if (entities.isError) {
    return (
      <div role="alert">
        <p css={menuStyles.error}>Failed to load tables: {entities.error.message}</p>
        <Button size="small" onClick={() => entities.refetch()}>
          Reload
        </Button>
      </div>
    );
  }
  const rows = entities.data.pages.flatMap((p) => p.entities);
  const count = entities.data.pages[0]?.count ?? 0;
  if (count === 0) {
    return <p css={menuStyles.muted}>{query.search ? ENTITY_EMPTY_MESSAGES.noResults : ENTITY_EMPTY_MESSAGES.none}</p>;
  }
  return (
    <section aria-label="Tables">
      <p css={menuStyles.groupTitle} role="status">
        {count === 1 ? '1 entity' : `${count} entities`}
      </p>
      <VirtualList
        aria-label="Table list"
        items={rows}
        rowHeight={TABLE_LIST_ROW_HEIGHT}
        height={Math.min(rows.length, VISIBLE_ROWS) * TABLE_LIST_ROW_HEIGHT}
        getKey={(entity) => entity.id}
        renderRow={(entity) => <EntityRow entity={entity} />}
        onEndReached={() => {
          if (entities.hasNextPage && !entities.isFetchingNextPage) void entities.fetchNextPage();
        }}
      />
      {entities.isFetchingNextPage ? <p css={menuStyles.muted} role="status">Loading more tables…</p> : null}
    </section>
  );
}
