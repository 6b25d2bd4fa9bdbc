import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '@plinth/shared-contracts';
import type { StorageListPageBody, StorageObject, StorageObjectPage } from '@plinth/contracts-storage';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
/** Request headers of a member by role, signed in once before the tests. */
const headers = {} as Record<MemberRole, Record<string, string>>;
const as = (role: MemberRole) => headers[role];
let db: ProjectDatabase;
const url = (p: string) => `/api/platform/storage/${s.ref}/buckets${p}`;

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  for (const role of ['Owner', 'Developer', 'Read-only'] as const) headers[role] = await s.as(role);
  for (const id of ['crowd', 'small']) await s.app.inject({ method: 'POST', url: url(''), headers: as('Owner'), payload: { id } });
  await page('crowd', {}); // the storage schema is in place once a listing ran
  db = (await s.deps.databases.get(s.ref)) as ProjectDatabase;
}, 300_000);
afterAll(async () => s?.close());

async function page(bucket: string, body: StorageListPageBody, role: 'Read-only' | 'Owner' = 'Read-only') {
  const res = await s.app.inject({ method: 'POST', url: url(`/${bucket}/objects/page`), headers: as(role), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StorageObjectPage;
}

/** Files named `<folder>/f<i>` for i in [from, to), sizes i % 7, created i % 13 seconds apart. */
async function addFiles(folder: string, from: number, to: number, bucket = 'crowd') {
  await db.query(
    `insert into storage.objects (bucket_id, name, metadata, created_at)
     select $1, $2 || 'f' || lpad(i::text, 5, '0'), jsonb_build_object('size', i % 7, 'mimetype', 'text/plain'), timestamptz '2026-01-01' + make_interval(secs => i % 13)
     from generate_series($3::int, $4::int - 1) i`,
    [bucket, folder ? `${folder}/` : '', from, to],
  );
}
const del = (names: string[]) => db.query(`delete from storage.objects where bucket_id = 'crowd' and name = any($1::text[])`, [names]);

type Sort = { column: 'name' | 'created_at' | 'size'; order: 'asc' | 'desc' };
const keyOf = (o: StorageObject, c: Sort['column']) => (c === 'name' ? o.name : c === 'size' ? Number(o.metadata?.size ?? -1) : o.created_at!);
function inOrder(a: StorageObject, b: StorageObject, sort: Sort): boolean {
  const ka = keyOf(a, sort.column);
  const kb = keyOf(b, sort.column);
  const cmp = ka < kb ? -1 : ka > kb ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return sort.order === 'asc' ? cmp < 0 : cmp > 0;
}

describe('folder pages by cursor', () => {
  it('lists folders first, then files, with nested objects folded into their folder', async () => {
    await addFiles('tree/b', 0, 3);
    await addFiles('tree/a/deep/er', 0, 2);
    await addFiles('tree/a!', 0, 1);
    await addFiles('tree', 0, 2);
    await db.query(`insert into storage.objects (bucket_id, name) values ('crowd', 'tree/100%_real/x')`);
    const all = await page('crowd', { path: 'tree/' });
    expect(all.items.map((o) => [o.name, o.id === null])).toEqual([
      ['100%_real', true], ['a!', true], ['a', true], ['b', true], ['f00000', false], ['f00001', false],
    ]);
    expect(all.nextCursor).toBeNull();
    const desc = await page('crowd', { path: 'tree', sortBy: { column: 'name', order: 'desc' } });
    expect(desc.items.map((o) => o.name)).toEqual(['b', 'a', 'a!', '100%_real', 'f00001', 'f00000']);
    const search = await page('crowd', { path: 'tree', search: 'a' });
    expect(search.items.map((o) => o.name)).toEqual(['a!', 'a']);
    const literal = await page('crowd', { path: 'tree', search: '100%' });
    expect(literal.items.map((o) => o.name)).toEqual(['100%_real']);
    expect((await page('crowd', { path: 'tree', search: 'f0000' })).items.map((o) => o.name)).toEqual(['f00000', 'f00001']);
    expect((await page('crowd', { path: 'nowhere' })).items).toEqual([]);
  });

  for (const sort of [
    { column: 'name', order: 'asc' },
    { column: 'name', order: 'desc' },
    { column: 'created_at', order: 'desc' },
    { column: 'size', order: 'asc' },
  ] as Sort[]) {
    it(`pages a large folder by ${sort.column} ${sort.order} without repeats or gaps while objects come and go`, async () => {
      const folder = `busy-${sort.column}-${sort.order}`;
      await addFiles(folder, 0, 1200);
      for (const sub of ['s1', 's2', 's3']) await addFiles(`${folder}/${sub}`, 0, 5);
      const seen: StorageObject[] = [];
      const deletedEarly = new Set<string>();
      let cursor: string | undefined;
      let round = 0;
      do {
        const p = await page('crowd', { path: folder, sortBy: sort, limit: 200, cursor });
        seen.push(...p.items);
        cursor = p.nextCursor ?? undefined;
        round += 1;
        if (cursor && round <= 4) {
          // Between pages: new objects land everywhere in the order, some not yet listed go, some listed go.
          await addFiles(folder, 5000 + round * 10, 5000 + round * 10 + 10);
          const late = `${folder}/f${String(1100 + round).padStart(5, '0')}`;
          const early = `${folder}/f${String(900 - round).padStart(5, '0')}`;
          const listed = seen.at(-1)!;
          await del([late, early, `${folder}/${listed.name}`]);
          if (!seen.some((o) => `${folder}/${o.name}` === late)) deletedEarly.add(late.slice(folder.length + 1));
          if (!seen.some((o) => `${folder}/${o.name}` === early)) deletedEarly.add(early.slice(folder.length + 1));
        }
      } while (cursor);

      const names = seen.map((o) => o.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.slice(0, 3)).toEqual(sort.order === 'asc' ? ['s1', 's2', 's3'] : ['s3', 's2', 's1']);
      const files = seen.slice(3);
      for (let i = 1; i < files.length; i += 1) expect(inOrder(files[i - 1]!, files[i]!, sort), `${files[i - 1]!.name} before ${files[i]!.name}`).toBe(true);
      // Every object there from the first page to the last was listed; none deleted before its turn was.
      const stayed = (await db.query<{ name: string }>(`select name from storage.objects where bucket_id = 'crowd' and folder = $1 and name < $2`, [`${folder}/`, `${folder}/f05000`])).rows;
      for (const { name } of stayed) expect(names).toContain(name.slice(folder.length + 1));
      for (const name of deletedEarly) expect(names).not.toContain(name);
      expect(files.length).toBeGreaterThanOrEqual(stayed.length);
    }, 120_000);
  }

  it('moves from folders to files across a page boundary', async () => {
    for (let i = 0; i < 5; i += 1) await addFiles(`edge/d${i}`, 0, 1);
    await addFiles('edge', 0, 5);
    const one = await page('crowd', { path: 'edge', limit: 5 });
    expect(one.items.map((o) => o.name)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
    const two = await page('crowd', { path: 'edge', limit: 5, cursor: one.nextCursor! });
    expect(two.items.map((o) => o.name)).toEqual(['f00000', 'f00001', 'f00002', 'f00003', 'f00004']);
    expect(two.nextCursor).toBeNull();
  });

  it("refuses a cursor that is not this listing's, naming the field", async () => {
    await addFiles('cur', 0, 3);
    const first = await page('crowd', { path: 'cur', limit: 1 });
    for (const payload of [
      { path: 'cur', cursor: 'not-a-cursor' },
      { path: 'cur', cursor: first.nextCursor, sortBy: { column: 'size', order: 'asc' } },
      { path: 'cur', limit: 0 },
    ]) {
      const res = await s.app.inject({ method: 'POST', url: url('/crowd/objects/page'), headers: as('Read-only'), payload });
      expect(res.statusCode).toBe(400);
      expect(['cursor', 'limit']).toContain(res.json().field);
    }
  });
});
