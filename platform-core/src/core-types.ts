// The plain shapes the core's modules share: a query's result, the control database, the caller of
// a route. deps.ts re-exports them for the domain modules; the modules deps.ts itself names (access,
// cookies, config, the project sessions) take them from here, so none of them imports deps.ts back.

export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Column names in order, for the SQL editor's result grid. */
  fields: { name: string; dataTypeID?: number }[];
  affectedRows?: number;
}

/** The control-plane database (accounts, organizations, projects, snippets, integrations...). */
export interface ControlDatabase {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  transaction<T>(fn: (tx: Pick<ControlDatabase, 'query'>) => Promise<T>): Promise<T>;
}

export interface AuthenticatedUser {
  id: string;
  email: string;
  username: string;
}

/** What the core knows about the caller of a project-scoped route. */
export interface ProjectAccess {
  user: AuthenticatedUser;
  project: { ref: string; id: number; name: string; status: string; organizationSlug: string; organizationId: number };
  /** The member's organization role (ORGANIZATION_ROLES of the contracts). */
  role: 'Owner' | 'Administrator' | 'Developer' | 'Read-only' | 'Billing admin';
  permissions: ReadonlySet<string>;
}
