import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from './Field';
import { Select, TextArea, TextInput } from './inputs';
import { Checkbox, Switch } from './toggles';

describe('Field', () => {
  it('labels its control and links the hint', () => {
    render(
      <Field label="Bucket name" hint="Lowercase letters, numbers, dots and hyphens.">
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Bucket name' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const described = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)?.textContent).toBe('Lowercase letters, numbers, dots and hyphens.');
  });

  it('shows error text, marks the control invalid and describes it with the error', () => {
    render(
      <Field label="Bucket name" hint="Shown in URLs." error="Bucket name is required">
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Bucket name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Bucket name is required');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['Bucket name is required', 'Shown in URLs.']);
  });

  it('wires textarea and select the same way', () => {
    render(
      <>
        <Field label="Definition" error="Enter a definition">
          <TextArea />
        </Field>
        <Field label="Unit">
          <Select options={[{ value: 'MB', label: 'MB' }, { value: 'GB', label: 'GB' }]} />
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Definition' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Unit' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('marks required controls', () => {
    render(
      <Field label="Name" required>
        <TextInput />
      </Field>,
    );
    expect((screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).required).toBe(true);
  });
});

describe('Switch and Checkbox', () => {
  it('a switch toggles with the keyboard and reports its state', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(
      <Field label="Public bucket" inline>
        <Switch onCheckedChange={changed} />
      </Field>,
    );
    const toggle = screen.getByRole('switch', { name: 'Public bucket' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.tab();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(changed).toHaveBeenCalledWith(true);
  });

  it('a checkbox with a label is named by it', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Restrict file upload size" />);
    const box = screen.getByRole('checkbox', { name: 'Restrict file upload size' }) as HTMLInputElement;
    await user.click(screen.getByText('Restrict file upload size'));
    expect(box.checked).toBe(true);
  });
});
