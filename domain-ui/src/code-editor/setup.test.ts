// @vitest-environment jsdom
import { CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it, vi } from 'vitest';
import { createSqlEditor } from './setup';
import { sqlLanguage } from './completion';
import type { SqlEditorSchema } from './schema';

const schema: SqlEditorSchema = {
  tables: [{ schema: 'public', name: 'todos', columns: ['id', 'owner_id', 'title'] }],
  functions: [{ schema: 'public', name: 'is_admin', args: 'uid uuid' }],
  defaultTable: { schema: 'public', name: 'todos' },
};

/** The labels every completion source of the language offers at the end of `doc`. */
async function completionsAt(doc: string, s: SqlEditorSchema = schema): Promise<string[]> {
  const state = EditorState.create({ doc, extensions: sqlLanguage(s) });
  const sources = state.languageDataAt<CompletionSource>('autocomplete', doc.length);
  const context = new CompletionContext(state, doc.length, true);
  const results = await Promise.all(sources.map((source) => source(context)));
  return results.filter((r): r is CompletionResult => Boolean(r)).flatMap((r) => r.options.map((o) => o.label));
}

describe('SQL editor completion', () => {
  it('offers the policy table’s columns without a prefix', async () => {
    const labels = await completionsAt('owner');
    expect(labels).toEqual(expect.arrayContaining(['id', 'owner_id', 'title']));
  });

  it('offers auth.uid(), auth.jwt() and auth.role() as whole names', async () => {
    const labels = await completionsAt('select au');
    expect(labels).toEqual(expect.arrayContaining(['auth.uid()', 'auth.jwt()', 'auth.role()']));
  });

  it('offers the auth functions after "auth."', async () => {
    const labels = await completionsAt('auth.');
    expect(labels).toEqual(expect.arrayContaining(['uid()', 'jwt()', 'role()']));
  });

  it('offers given tables, columns after the table name and functions', async () => {
    expect(await completionsAt('select * from ')).toContain('todos');
    expect(await completionsAt('todos.')).toEqual(expect.arrayContaining(['owner_id']));
    expect(await completionsAt('select is')).toContain('public.is_admin()');
  });

  it('offers PostgreSQL keywords', async () => {
    const labels = await completionsAt('sel');
    expect(labels.map((l) => l.toLowerCase())).toContain('select');
  });
});

describe('createSqlEditor', () => {
  it('reports changes, runs on Mod+Enter, reads the selection and follows readOnly', () => {
    const parent = document.createElement('div');
    document.body.append(parent);
    const onChange = vi.fn();
    const onRun = vi.fn();
    const editor = createSqlEditor(parent, { doc: 'select 1', onChange, onRun, label: 'Query' });
    expect(parent.querySelector('[aria-label="Query"]')).not.toBeNull();

    editor.setSelection(0, 6);
    expect(editor.getSelection()).toEqual({ from: 0, to: 6, text: 'select' });
    editor.replaceSelection('SELECT');
    expect(onChange).toHaveBeenLastCalledWith('SELECT 1');

    editor.view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
    editor.view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', metaKey: true, bubbles: true }));
    expect(onRun).toHaveBeenCalled();

    editor.setReadOnly(true);
    expect(editor.view.state.readOnly).toBe(true);
    expect(editor.view.contentDOM.getAttribute('contenteditable')).toBe('false');
    editor.setValue('select 2');
    expect(editor.getValue()).toBe('select 2');
    editor.destroy();
  });

  it('paints without completion and takes it when first focused', async () => {
    const parent = document.createElement('div');
    document.body.append(parent);
    const editor = createSqlEditor(parent, { doc: 'sel', schema });
    const sources = () => editor.view.state.languageDataAt<CompletionSource>('autocomplete', 3).length;
    expect(sources()).toBe(0);
    editor.view.contentDOM.dispatchEvent(new FocusEvent('focus'));
    await editor.completionReady();
    expect(sources()).toBeGreaterThan(0);
    editor.destroy();
  });

  it('takes completion when the pointer first comes over it, before any click', async () => {
    const parent = document.createElement('div');
    document.body.append(parent);
    const editor = createSqlEditor(parent, { doc: 'sel', schema });
    const sources = () => editor.view.state.languageDataAt<CompletionSource>('autocomplete', 3).length;
    editor.view.dom.dispatchEvent(new Event('pointerenter'));
    await vi.waitFor(() => expect(sources()).toBeGreaterThan(0));
    editor.destroy();
  });
});
