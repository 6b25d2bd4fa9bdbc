import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Picker, type PickerOption } from './Picker';
import { filterPickerItems } from './filter-items';

const projects: PickerOption[] = [
  { key: 'p1', label: 'Orders', keywords: ['aaaabbbbccccddddeeee'] },
  { key: 'p2', label: 'Billing' },
  { key: 'p3', label: 'Order history' },
  { key: 'p4', label: 'Café menu' },
];

function setup(value = 'p1') {
  const pick = vi.fn();
  const create = vi.fn();
  render(
    <Picker label="Project" currentLabel="Orders" options={projects} value={value} onPick={pick} actions={[{ key: 'new', label: 'New project', onSelect: create }]} emptyText="No projects found">
      Orders
    </Picker>,
  );
  return { pick, create, user: userEvent.setup() };
}

describe('Picker', () => {
  it('opens from its button with the search focused and the current choice checked', async () => {
    const { user } = setup();
    const button = screen.getByRole('button', { name: 'Project: Orders' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('listbox', { name: 'Projects' });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search projects' }));
    expect(screen.getByRole('option', { name: 'Orders', selected: true })).toBeTruthy();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Orders', 'Billing', 'Order history', 'Café menu', 'New project']);
  });

  it('filters as the user types (keywords and accents too) and picks with Enter', async () => {
    const { user, pick } = setup();
    await user.click(screen.getByRole('button', { name: 'Project: Orders' }));
    await screen.findByRole('listbox');
    await user.keyboard('order');
    const list = screen.getByRole('listbox', { name: 'Projects' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Orders', 'Order history', 'New project']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(pick).toHaveBeenCalledWith('p3');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Project: Orders' }));

    await user.click(screen.getByRole('button', { name: 'Project: Orders' }));
    await user.keyboard('cafe');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Café menu', 'New project']);
    await user.clear(screen.getByRole('combobox'));
    await user.keyboard('ddddeeee{Enter}');
    expect(pick).toHaveBeenLastCalledWith('p1');
  });

  it('moves with the arrows (wrapping) onto the actions and runs one with Enter', async () => {
    const { user, create, pick } = setup('p2');
    screen.getByRole('button', { name: 'Project: Orders' }).focus();
    await user.keyboard('{ArrowDown}');
    const search = await screen.findByRole('combobox', { name: 'Search projects' });
    const activeText = () => document.getElementById(search.getAttribute('aria-activedescendant') ?? '')?.textContent;
    await waitFor(() => expect(activeText()).toBe('Billing'));
    expect(document.activeElement).toBe(search);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeText()).toBe('New project');
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toBe('Orders');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(create).toHaveBeenCalledTimes(1);
    expect(pick).not.toHaveBeenCalled();
  });

  it('says when nothing matches, and closes on Escape with focus back on the button', async () => {
    const { user, pick } = setup();
    await user.click(screen.getByRole('button', { name: 'Project: Orders' }));
    await user.keyboard('zzz');
    expect(screen.getByRole('status').textContent).toBe('No projects found');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['New project']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Project: Orders' }));
    expect(pick).not.toHaveBeenCalled();
  });

  it('runs the action the words name when no choice matches them', async () => {
    const { user, create, pick } = setup();
    await user.click(screen.getByRole('button', { name: 'Project: Orders' }));
    await user.keyboard('new pro{Enter}');
    expect(create).toHaveBeenCalledTimes(1);
    expect(pick).not.toHaveBeenCalled();
  });

  it('runs the second action when the words name it, and moves by pages with Page Down and Page Up', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    const branch = vi.fn();
    const many: PickerOption[] = Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, label: `Project ${i}` }));
    render(
      <Picker label="Project" options={many} onPick={vi.fn()} actions={[{ key: 'new', label: 'New project', onSelect: create }, { key: 'branch', label: 'New branch', onSelect: branch }]}>
        Project 0
      </Picker>,
    );
    await user.click(screen.getByRole('button', { name: 'Project' }));
    const search = await screen.findByRole('combobox', { name: 'Search projects' });
    const activeText = () => document.getElementById(search.getAttribute('aria-activedescendant') ?? '')?.textContent;
    await waitFor(() => expect(activeText()).toBe('Project 0'));
    await user.keyboard('{PageDown}');
    expect(activeText()).toBe('Project 8');
    await user.keyboard('{PageUp}');
    expect(activeText()).toBe('Project 0');
    await user.keyboard('new branch');
    await waitFor(() => expect(activeText()).toBe('New branch'));
    await user.keyboard('{Enter}');
    expect(branch).toHaveBeenCalledTimes(1);
    expect(create).not.toHaveBeenCalled();
  });

  it('closes on a click outside', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Project: Orders' }));
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('filterPickerItems', () => {
  it('needs every word, puts labels starting with the query first and keeps the order otherwise', () => {
    const items = [{ key: '1', label: 'Old orders' }, { key: '2', label: 'Orders' }, { key: '3', label: 'Orders archive' }, { key: '4', label: 'Invoices' }];
    expect(filterPickerItems(items, 'orders').map((i) => i.key)).toEqual(['2', '3', '1']);
    expect(filterPickerItems(items, 'arch ord').map((i) => i.key)).toEqual(['3']);
    expect(filterPickerItems(items, '  ').map((i) => i.key)).toEqual(['1', '2', '3', '4']);
  });
});
