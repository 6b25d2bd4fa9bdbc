import { describe, expect, it } from 'vitest';
import type { Policy, Table } from '@plinth/contracts-database';
import { policyListRows, rolesSummary, schemaChoices } from './policies-view';

const table = (id: number, name: string, rls = true): Table => ({ id, name, schema: 'public', rls_enabled: rls });
const policy = (id: number, tableId: number, name: string): Policy => ({
  id, name, schema: 'public', table: 't', table_id: tableId, command: 'SELECT', definition: 'true', check: null, roles: ['public'], action: 'PERMISSIVE',
});

describe('policies page rows (000 §2.4)', () => {
  it('shows at most 3 roles, the rest as + n more roles', () => {
    expect(rolesSummary(['anon', 'authenticated'])).toBe('anon, authenticated');
    expect(rolesSummary(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c + 2 more roles');
  });

  it('lists each table with its policies, the RLS-disabled warning, and a note for a table without policies', () => {
    const rows = policyListRows([table(2, 'todos'), table(1, 'notes', false)], [policy(10, 2, 'b'), policy(11, 2, 'a')]);
    expect(rows.map((r) => r.kind === 'policy' ? `policy ${r.policy.name}` : `${r.kind} ${r.table.name}`)).toEqual([
      'table notes', 'warning notes', 'no-policies notes', 'table todos', 'policy a', 'policy b',
    ]);
  });

  it('shows the sections before the policies arrive, each with a loading row', () => {
    const rows = policyListRows([table(2, 'todos'), table(1, 'notes', false)], null);
    expect(rows.map((r) => `${r.kind} ${r.table.name}`)).toEqual(['table notes', 'warning notes', 'loading notes', 'table todos', 'loading todos']);
  });

  it('narrows to one table by ?search and filters tables by the search box', () => {
    const tables = [table(1, 'notes'), table(2, 'todos'), table(3, 'todo_tags')];
    expect(policyListRows(tables, [], { tableId: 2 }).filter((r) => r.kind === 'table').map((r) => r.table.name)).toEqual(['todos']);
    expect(policyListRows(tables, [], { text: 'TODO' }).filter((r) => r.kind === 'table').map((r) => r.table.name)).toEqual(['todo_tags', 'todos']);
  });

  it('puts the hidden system schemas after the project’s own, marked protected', () => {
    const choices = schemaChoices([
      { id: 1, name: 'storage', protected: true }, { id: 2, name: 'public', protected: false }, { id: 3, name: 'auth', protected: true }, { id: 4, name: 'app', protected: false },
    ]);
    expect(choices.map((c) => `${c.label}${c.protected ? ' (protected)' : ''}`)).toEqual(['app', 'public', 'auth (protected)', 'storage (protected)']);
  });
});
