import { describe, expect, it } from 'vitest';
import { titleFromSql } from './sql-title';

describe('titles from SQL', () => {
  it('names the statement kind and its main tables', () => {
    expect(titleFromSql('select * from public.todos t join users u on u.id = t.user_id where done')).toEqual({
      title: 'Query todos and users',
      description: 'Reads todos and users.',
    });
    expect(titleFromSql('-- seed\ninsert into "Profiles" (id) values (1);').title).toBe('Insert into Profiles');
    expect(titleFromSql('create table if not exists notes (id int); alter table notes enable row level security;')).toEqual({
      title: 'Create table notes',
      description: 'Creates the table notes. Runs 2 statements in all.',
    });
    expect(titleFromSql('select 1').title).toBe('Query');
    expect(titleFromSql('  ;  ').title).toBe('Untitled query');
  });

  it('is deterministic', () => {
    const sql = 'update accounts set balance = 0 where id = 3';
    expect(titleFromSql(sql)).toEqual(titleFromSql(sql));
    expect(titleFromSql(sql).title).toBe('Update accounts');
  });
});
