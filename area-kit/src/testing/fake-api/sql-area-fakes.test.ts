import { describe, expect, it } from 'vitest';
import { createFakeApi, extension, fakeTable, sqlRun, tableColumn } from './index';

const REF = 'abcdefghijklmnopqrst';

describe("the fake API's clients for the SQL area", () => {
  it('tableRows: pages a table by cursor in sort order, inserts, updates and deletes by primary key', async () => {
    const rows = ['carol', 'alice', 'bob'].map((name, i) => ({ id: i + 1, name }));
    const api = createFakeApi({ tableRows: { 7: fakeTable(7, 'people', [tableColumn({ name: 'name' })], rows) } });
    const { tableRows } = api.clients;
    expect((await tableRows.tableShape(REF, 7)).columns.map((c) => c.name)).toEqual(['id', 'name']);
    const first = await tableRows.rowPage(REF, 7, { limit: 2, sort: { column: 'name', ascending: true } });
    expect(first.rows.map((r) => r.name)).toEqual(['alice', 'bob']);
    expect(first.keys).toEqual([{ id: '2' }, { id: '3' }]);
    const second = await tableRows.rowPage(REF, 7, { limit: 2, after: first.next!, sort: { column: 'name', ascending: true } });
    expect([second.rows.map((r) => r.name), second.next]).toEqual([['carol'], null]);
    expect((await tableRows.insertRow(REF, 7, { name: 'dave' })).key).toEqual({ id: '4' });
    await tableRows.updateRow(REF, 7, { key: { id: '1' }, values: { name: 'caroline' } });
    expect(await tableRows.deleteRows(REF, 7, [{ id: '2' }, { id: '3' }])).toEqual({ deleted: 2 });
    expect(api.state.tableRows[7]!.rows.map((r) => r.name)).toEqual(['caroline', 'dave']);
    await expect(tableRows.tableShape(REF, 99)).rejects.toMatchObject({ status: 404 });
  });

  it('tableDdl: a dry run answers the SQL alone; create adds a table the grid then reads; drop removes it', async () => {
    const api = createFakeApi();
    const body = { name: 'notes', columns: [{ name: 'id', type: 'int8', primaryKey: true, identity: true }, { name: 'body', type: 'text' }] };
    expect(await api.clients.tableDdl.createTable(REF, { ...body, dryRun: true })).toEqual({ sql: 'create table public.notes (id int8, body text);', ran: false, tableId: null });
    expect(api.state.tableRows).toEqual({});
    const created = await api.clients.tableDdl.createTable(REF, body);
    expect((await api.clients.tableRows.tableShape(REF, created.tableId!)).name).toBe('notes');
    await expect(api.clients.tableDdl.createTable(REF, body)).rejects.toMatchObject({ status: 409 });
    await api.clients.tableDdl.dropTable(REF, created.tableId!, {});
    expect(api.state.tableRows).toEqual({});
  });

  it('databaseObjects and apiDocs: lists as seeded; an extension enables and disables', async () => {
    const api = createFakeApi({ extensions: [extension({ name: 'pgcrypto' }), extension({ name: 'plpgsql', installedVersion: '1.0', builtIn: true })] });
    const { databaseObjects, apiDocs } = api.clients;
    expect(await databaseObjects.listFunctions(REF)).toEqual([]);
    expect(await databaseObjects.enableExtension(REF, { name: 'pgcrypto' })).toMatchObject({ installedVersion: '1.0', schema: 'extensions' });
    await expect(databaseObjects.enableExtension(REF, { name: 'pgcrypto' })).rejects.toMatchObject({ status: 409 });
    await expect(databaseObjects.disableExtension(REF, 'plpgsql')).rejects.toMatchObject({ status: 400 });
    await databaseObjects.disableExtension(REF, 'pgcrypto');
    expect((await databaseObjects.listExtensions(REF)).map((e) => [e.name, e.installedVersion])).toEqual([['pgcrypto', null], ['plpgsql', '1.0']]);
    expect((await apiDocs.getApiDocs(REF)).schemas).toEqual(['public']);
  });

  it('database.listSqlHistory: the newest runs first, a page at a time', async () => {
    const api = createFakeApi({ sqlHistory: [3, 2, 1].map((id) => sqlRun({ id, sql: `select ${id}` })) });
    const first = await api.clients.database.listSqlHistory(REF, { limit: 2 });
    expect([first.entries.map((e) => e.sql), first.next]).toEqual([['select 3', 'select 2'], 2]);
    const rest = await api.clients.database.listSqlHistory(REF, { limit: 2, before: first.next! });
    expect([rest.entries.map((e) => e.sql), rest.next]).toEqual([['select 1'], null]);
  });
});
