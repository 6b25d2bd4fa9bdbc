import { POLICY_VALIDATION_MESSAGES as M, policyTemplates, type Policy } from '@plinth/contracts-database';
import { describe, expect, it } from 'vitest';
import {
  changeCommand,
  chosenRoles,
  emptyPolicyForm,
  formFromPolicy,
  formFromTemplate,
  hasUnsavedChanges,
  limitPolicyName,
  policyNameCounter,
  takesCheck,
  takesUsing,
  toCreatePayload,
  toUpdatePayload,
  validatePolicyForm,
  type PolicyFormValues,
} from './policy-form';
import { createPolicySql, updatePolicySql } from './policy-sql';

const form = (values: Partial<PolicyFormValues>): PolicyFormValues => ({ ...emptyPolicyForm(), name: 'p', ...values });
const messages = (values: Partial<PolicyFormValues>) => validatePolicyForm(form(values)).map((e) => e.message);
const existing: Policy = {
  id: 7, name: 'Own rows', schema: 'public', table: 'todos', table_id: 1, command: 'UPDATE',
  definition: '(auth.uid() = user_id)', check: null, roles: ['authenticated'], action: 'PERMISSIVE',
};

describe('policy name (000 §5.1)', () => {
  it('is required', () => {
    expect(messages({ name: '   ', command: 'SELECT', definition: 'true' })).toEqual([M.nameRequired]);
  });
  it('ignores input beyond 63 characters and counts n/63', () => {
    const long = 'x'.repeat(70);
    expect(limitPolicyName(long)).toHaveLength(63);
    expect(policyNameCounter(limitPolicyName(long))).toBe('63/63');
    expect(policyNameCounter('abc')).toBe('3/63');
  });
});

describe('operations and expressions (000 §5.1)', () => {
  it('needs an operation', () => {
    expect(messages({ command: null })).toEqual([M.operationRequired]);
  });
  it('needs USING for SELECT and DELETE', () => {
    expect(messages({ command: 'SELECT', definition: '  ' })).toEqual([M.usingRequired]);
    expect(messages({ command: 'DELETE' })).toEqual([M.usingRequired]);
    expect(messages({ command: 'SELECT', definition: 'true' })).toEqual([]);
  });
  it('needs WITH CHECK for INSERT', () => {
    expect(messages({ command: 'INSERT' })).toEqual([M.checkRequired]);
    expect(messages({ command: 'INSERT', check: 'true' })).toEqual([]);
  });
  it('needs either expression, or both, for UPDATE', () => {
    expect(messages({ command: 'UPDATE' })).toEqual([M.usingOrCheckRequired]);
    expect(messages({ command: 'UPDATE', check: 'true' })).toEqual([]);
    expect(messages({ command: 'UPDATE', definition: 'true' })).toEqual([]);
  });
  it('shows USING for SELECT, UPDATE, DELETE, ALL and WITH CHECK for INSERT, UPDATE, ALL', () => {
    expect((['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL'] as const).map((c) => [takesUsing(c), takesCheck(c)])).toEqual([
      [true, false], [false, true], [true, true], [true, false], [true, true],
    ]);
    expect(takesUsing(null) || takesCheck(null)).toBe(false);
  });
  it('clears the expression a new operation no longer takes (000 §4.5)', () => {
    const both = form({ command: 'UPDATE', definition: 'a', check: 'b' });
    expect(changeCommand(both, 'SELECT')).toMatchObject({ command: 'SELECT', definition: 'a', check: '' });
    expect(changeCommand(both, 'INSERT')).toMatchObject({ command: 'INSERT', definition: '', check: 'b' });
    expect(changeCommand(both, 'ALL')).toMatchObject({ definition: 'a', check: 'b' });
  });
  it('trims expressions and collapses whitespace before saving, sending only those the operation takes', () => {
    const payload = toCreatePayload(form({ command: 'SELECT', definition: '  auth.uid()  =\n\tuser_id ', check: 'stale' }), 'public', 'todos');
    expect(payload).toEqual({ name: 'p', schema: 'public', table: 'todos', action: 'PERMISSIVE', command: 'SELECT', definition: 'auth.uid() = user_id', check: null, roles: [] });
  });
});

describe('target roles (000 §5.1)', () => {
  it('filters public out of the chosen list; none chosen means public', () => {
    expect(chosenRoles(['public', 'authenticated'])).toEqual(['authenticated']);
    expect(toCreatePayload(form({ command: 'ALL', definition: 'true', roles: ['public'] }), 's', 't').roles).toEqual([]);
    expect(createPolicySql(toCreatePayload(form({ command: 'ALL', definition: 'true' }), 's', 't'))).toContain('to public');
  });
  it('sends an empty list as public on edit', () => {
    expect(toUpdatePayload(existing, { ...formFromPolicy(existing), roles: [] })).toEqual({ roles: ['public'] });
  });
});

describe('editing (000 §4.5, §7.1)', () => {
  it('sends only the changed fields and never the operation', () => {
    const start = formFromPolicy(existing);
    expect(toUpdatePayload(existing, start)).toEqual({});
    const changed = { ...start, name: 'Renamed', command: 'SELECT' as const, check: 'auth.uid() = user_id' };
    expect(toUpdatePayload(existing, changed)).toEqual({ name: 'Renamed', check: 'auth.uid() = user_id' });
  });
  it('knows unsaved changes', () => {
    const start = formFromPolicy(existing);
    expect(hasUnsavedChanges(start, { ...start })).toBe(false);
    expect(hasUnsavedChanges(start, { ...start, roles: ['anon'] })).toBe(true);
  });
});

describe('templates (000 §9)', () => {
  it('fills the form from each of the five templates, and each passes validation', () => {
    const templates = policyTemplates('public', 'todos');
    expect(templates).toHaveLength(5);
    for (const template of templates) {
      const values = formFromTemplate(template);
      expect(values.command).toBe(template.command);
      expect(validatePolicyForm(values)).toEqual([]);
    }
  });
});

describe('review SQL', () => {
  it('is the create statement with every clause', () => {
    const sql = createPolicySql(toCreatePayload(form({ name: 'Own "rows"', command: 'UPDATE', definition: 'a = 1', check: 'b = 2', roles: ['authenticated', 'anon'] }), 'public', 'todos'));
    expect(sql).toBe('create policy "Own ""rows""" on "public"."todos"\nas PERMISSIVE for UPDATE to "authenticated", "anon"\nusing (a = 1)\nwith check (b = 2);');
  });
  it('is the alter statements of an edit, rename last', () => {
    const sql = updatePolicySql(existing, { name: 'New', roles: ['public'], definition: 'true' });
    expect(sql).toBe('alter policy "Own rows" on "public"."todos"\nto public\nusing (true);\n\nalter policy "Own rows" on "public"."todos"\nrename to "New";');
  });
});
