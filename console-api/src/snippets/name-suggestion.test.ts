import { describe, expect, it } from 'vitest';
import { nameFromSql, unusedName } from './name-suggestion';

const name = (sql: string) => nameFromSql(sql)?.name;

describe('a snippet name read from its SQL', () => {
  it('names DDL and writes by their verb and object', () => {
    expect(name('create table if not exists public.notes (id bigint primary key, body text);')).toBe('Create table notes');
    expect(name('update profiles set avatar_url = null where id = $1')).toBe('Update profiles');
    expect(name('insert into "Todos" (task) values (\'a; b\')')).toBe('Insert into Todos');
    expect(name('delete from auth.sessions where not_after < now()')).toBe('Delete from auth.sessions');
    expect(name('create unique index notes_title_idx on notes (title)')).toBe('Index on notes');
    expect(name('create policy "Owners read" on storage.objects for select using (true)')).toBe('Policy on storage.objects');
    expect(name('alter table notes enable row level security')).toBe('Enable RLS on notes');
    expect(name('drop table if exists old_orders')).toBe('Drop table old_orders');
  });

  it('names a query by its table, what it groups by, or what it joins', () => {
    expect(name('select c.name, count(*) from orders o join customers c on c.id = o.customer_id group by o.customer_id')).toBe('Orders by customer');
    expect(name('select * from orders o join customers c on c.id = o.customer_id')).toBe('Orders with customers');
    expect(name('select count(*) from public.order_items')).toBe('Count of order items');
    expect(name('with recent as (select * from events where at > now() - interval \'1 day\') select kind from recent group by kind')).toBe('Recent by kind');
    expect(name('select now()')).toBe('Select now()');
  });

  it('skips comments and transaction statements, and has no name for an empty text', () => {
    expect(nameFromSql('-- set up\nbegin;\n/* notes */ create table notes (id int);\ncommit;')).toEqual({ name: 'Create table notes', from: 'create table notes (id int)' });
    expect(nameFromSql('  -- nothing yet\n ; ')).toBeNull();
  });

  it('numbers a name another snippet already has', () => {
    expect(unusedName('Update profiles', ['update profiles', 'Update profiles 2'])).toBe('Update profiles 3');
    expect(unusedName('Update profiles', ['Orders'])).toBe('Update profiles');
  });
});
