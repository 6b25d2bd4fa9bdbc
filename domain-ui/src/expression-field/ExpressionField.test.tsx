import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ExpressionField } from './ExpressionField';

function Host({ start = '' }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <ExpressionField label="USING expression" value={value} onChange={setValue} schema="public" table="todos" columns={['id', 'user_id']} />
      <output aria-label="value">{value}</output>
    </>
  );
}

describe('ExpressionField', () => {
  it('completes a column as you type, with the arrows and Enter', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const field = screen.getByRole('textbox', { name: 'USING expression' });
    await user.type(field, 'auth.uid() = us');
    expect(screen.getByRole('listbox', { name: 'Completions for USING expression' })).toBeTruthy();
    expect(screen.getByRole('option', { name: /user_id/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('value').textContent).toBe('auth.uid() = user_id');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps keys typed right after a completion in order, after it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host />);
    const field = screen.getByRole('textbox', { name: 'USING expression' });
    await user.type(field, 'auth.u');
    await user.keyboard('{Enter} ');
    // A frame passes between two keys, as it may when typing fast: nothing moves the caret back.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await user.keyboard('= user_');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('value').textContent).toBe('auth.uid() = user_id');
    expect((field as HTMLTextAreaElement).selectionStart).toBe('auth.uid() = user_id'.length);
  });

  it('offers auth.uid(), auth.jwt() and auth.role() after auth., and Escape closes the list', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const field = screen.getByRole('textbox', { name: 'USING expression' });
    await user.type(field, 'auth.');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['auth.uid()function', 'auth.jwt()function', 'auth.role()function']);
    await user.keyboard('{ArrowDown}{Tab}');
    expect(screen.getByLabelText('value').textContent).toBe('auth.jwt()');
    await user.type(field, ' ->> ');
    await user.keyboard('{Control>} {/Control}');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("colours keywords and strings with the code editor's grammar, and opens the full editor on request", async () => {
    const user = userEvent.setup();
    const { container } = render(<Host start="status = 'open' and true" />);
    const painted = container.querySelector('pre[aria-hidden]')!;
    expect(painted.textContent).toBe("status = 'open' and true\n");
    await waitFor(() => expect([...painted.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['=', "'open'", 'and', 'true']));
    expect(painted.textContent).toBe("status = 'open' and true\n");
    await user.click(screen.getByRole('button', { name: 'Open full editor' }));
    expect(screen.queryByRole('button', { name: 'Open full editor' })).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'USING expression' })).toBeTruthy();
  });
});
