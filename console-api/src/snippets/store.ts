import { randomUUID } from 'node:crypto';
import { SNIPPET_CONFLICT_MESSAGE, SNIPPET_MESSAGES, SNIPPET_SCHEMA_VERSION, type Snippet, type SnippetVisibility } from '@plinth/contracts-database';
import { HttpError, type AuthenticatedUser, type ControlDatabase } from '@plinth/platform-core/deps';
import { isoTime } from '@plinth/platform-core/common/control-schema';

// SQL snippets in the control database. A 'user' snippet is seen only by its owner; a 'project'
// snippet by everyone with access to the project, who may also edit and delete it.


interface Row {
  id: string;
  project_id: number;
  owner_id: string;
  owner_username: string;
  name: string;
  description: string | null;
  visibility: SnippetVisibility;
  sql: string;
  favorite: boolean;
  schema_version: string;
  version: number;
  inserted_at: unknown;
  updated_at: unknown;
}

function toSnippet(r: Row): Snippet {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    type: 'sql',
    visibility: r.visibility,
    content: { sql: r.sql, favorite: r.favorite, schema_version: r.schema_version },
    owner_id: r.owner_id,
    project_id: r.project_id,
    inserted_at: isoTime(r.inserted_at),
    updated_at: isoTime(r.updated_at),
    version: Number(r.version),
    owner: { id: r.owner_id, username: r.owner_username },
  };
}

const notFound = () => new HttpError(404, SNIPPET_MESSAGES.notFound, 'NOT_FOUND');

/** An edit made on a version the snippet has moved past; carries the snippet as it is now. */
export class SnippetConflict extends Error {
  constructor(readonly current: Snippet) {
    super(SNIPPET_CONFLICT_MESSAGE);
  }
}
const VISIBLE = `project_ref = $1 and (visibility = 'project' or owner_id = $2)`;

export class SnippetStore {
  constructor(private readonly control: ControlDatabase) {}

  async list(ref: string, user: AuthenticatedUser): Promise<Snippet[]> {
    const r = await this.control.query<Row>(`select * from sql_snippets where ${VISIBLE} order by inserted_at, id`, [ref, user.id]);
    return r.rows.map(toSnippet);
  }

  async get(ref: string, user: AuthenticatedUser, id: string): Promise<Snippet> {
    const row = (await this.control.query<Row>(`select * from sql_snippets where ${VISIBLE} and id = $3`, [ref, user.id, id])).rows[0];
    if (!row) throw notFound();
    return toSnippet(row);
  }

  async create(
    project: { ref: string; id: number },
    user: AuthenticatedUser,
    s: { name: string; description?: string | null; sql: string; favorite: boolean; visibility: SnippetVisibility },
  ): Promise<Snippet> {
    const r = await this.control.query<Row>(
      `insert into sql_snippets (id, project_ref, project_id, owner_id, owner_username, name, description, visibility, sql, favorite, schema_version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
      [randomUUID(), project.ref, project.id, user.id, user.username, s.name, s.description ?? null, s.visibility, s.sql, s.favorite, SNIPPET_SCHEMA_VERSION],
    );
    return toSnippet(r.rows[0]!);
  }

  /**
   * Applies an edit. With baseVersion, the row is changed only if it is still at that version (one
   * statement, so two concurrent edits on the same version cannot both pass); otherwise SnippetConflict.
   */
  async update(
    ref: string,
    user: AuthenticatedUser,
    id: string,
    c: { name?: string; description?: string | null; sql?: string; favorite?: boolean; base_version?: number },
  ): Promise<Snippet> {
    await this.get(ref, user, id);
    const r = await this.control.query<Row>(
      `update sql_snippets set
         name = coalesce($4, name),
         description = case when $5::boolean then $6 else description end,
         sql = coalesce($7, sql),
         favorite = coalesce($8, favorite),
         version = version + 1,
         updated_at = now()
       where ${VISIBLE} and id = $3 and ($9::int is null or version = $9::int) returning *`,
      [ref, user.id, id, c.name ?? null, c.description !== undefined, c.description ?? null, c.sql ?? null, c.favorite ?? null, c.base_version ?? null],
    );
    if (r.rows[0]) return toSnippet(r.rows[0]);
    // Gone meanwhile (404) or moved past the edit's version (conflict).
    throw new SnippetConflict(await this.get(ref, user, id));
  }

  /** Moves the caller's own snippet to project visibility. */
  async share(ref: string, user: AuthenticatedUser, id: string): Promise<Snippet> {
    const s = await this.get(ref, user, id);
    if (s.visibility === 'project') return s;
    if (s.owner_id !== user.id) throw notFound();
    const r = await this.control.query<Row>(`update sql_snippets set visibility = 'project', version = version + 1, updated_at = now() where id = $1 returning *`, [id]);
    return toSnippet(r.rows[0]!);
  }

  /** A new personal snippet owned by the caller with the same SQL. */
  async copy(project: { ref: string; id: number }, user: AuthenticatedUser, id: string): Promise<Snippet> {
    const s = await this.get(project.ref, user, id);
    return this.create(project, user, { name: `${s.name} (copy)`, description: s.description, sql: s.content.sql, favorite: false, visibility: 'user' });
  }

  async remove(ref: string, user: AuthenticatedUser, id: string): Promise<Snippet> {
    const s = await this.get(ref, user, id);
    await this.control.query(`delete from sql_snippets where ${VISIBLE} and id = $3`, [ref, user.id, id]);
    return s;
  }
}
