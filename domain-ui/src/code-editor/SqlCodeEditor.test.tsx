import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SqlCodeEditor } from './SqlCodeEditor';
import type { SqlCodeEditorHandle } from './types';

function Controlled({ onRun, editorRef }: { onRun: () => void; editorRef: React.Ref<SqlCodeEditorHandle> }) {
  const [value, setValue] = useState('select 1');
  return (
    <>
      <SqlCodeEditor label="Query" value={value} onChange={setValue} onRun={onRun} editorRef={editorRef} />
      <output>{value}</output>
      <button type="button" onClick={() => setValue('select 42')}>Replace</button>
    </>
  );
}

describe('SqlCodeEditor', () => {
  it('shows the value in the editor once loaded, follows outside changes and hands out the selection', async () => {
    const onRun = vi.fn();
    const ref = createRef<SqlCodeEditorHandle>();
    render(<Controlled onRun={onRun} editorRef={ref} />);
    const host = await screen.findByTestId('sql-code-editor');
    const surface = await within(host).findByRole('textbox', { name: 'Query' });
    expect(surface.textContent).toBe('select 1');

    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Query' }).textContent).toBe('select 42'));

    act(() => ref.current!.setSelection(7, 9));
    expect(ref.current!.getSelection().text).toBe('42');
    act(() => ref.current!.replaceSelection('7'));
    expect(screen.getByRole('status').textContent).toBe('select 7');
  });

  it('edits the same value in a plain field while the editor loads', async () => {
    const onChange = vi.fn();
    const onRun = vi.fn();
    render(<SqlCodeEditor label="Expression" value="" onChange={onChange} onRun={onRun} />);
    const fallback = screen.queryByTestId('sql-code-editor-fallback');
    if (fallback) {
      await userEvent.type(fallback, 'a');
      expect(onChange).toHaveBeenCalledWith('a');
    }
    await screen.findByTestId('sql-code-editor');
  });

  it('owns a long text when given no value: reports changes without building the text, and takes a new one through the handle', async () => {
    const reads: string[] = [];
    const lengths: number[] = [];
    const ref = createRef<SqlCodeEditorHandle>();
    render(
      <SqlCodeEditor
        label="Query"
        defaultValue="select 1"
        onTextChange={(read, length) => {
          lengths.push(length);
          if (length === 10) reads.push(read());
        }}
        editorRef={ref}
      />,
    );
    await screen.findByTestId('sql-code-editor');
    expect(screen.getByRole('textbox', { name: 'Query' }).textContent).toBe('select 1');
    act(() => ref.current!.setSelection(8));
    act(() => ref.current!.replaceSelection('2'));
    act(() => ref.current!.replaceSelection('3'));
    expect(lengths).toEqual([9, 10]);
    expect(reads).toEqual(['select 123']);
    act(() => ref.current!.setValue('select now()'));
    expect(ref.current!.getValue()).toBe('select now()');
    expect(screen.getByRole('textbox', { name: 'Query' }).textContent).toBe('select now()');
  });
});
