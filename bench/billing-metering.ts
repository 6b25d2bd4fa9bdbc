/**
 * Metering for billing (issue 26), through the real server: an organization on the Team plan
 * (usage billing on) with PROJECTS (100) projects and REQUESTS (10,000,000) logged requests spread
 * over this billing period (the calendar month, UTC, up to now), with ACTIVE_USERS (200,000)
 * distinct active users among them.
 *
 * Setup (not timed as a result, printed for reference): the projects are written to the control
 * database (with their database sizes; their databases are not opened), the requests are written
 * to the log store's project_api_logs (a million rows a statement, as log-ingest.ts does), and the
 * daily counts the log store keeps as it records each request (project_usage_daily,
 * project_active_users) are made from those rows with one group-by.
 *
 * Timed, RUNS (5) times each (p50 and max in seconds): GET …/organizations/{slug}/usage (each
 * metric of each project against the plan), GET …/invoices (this period's invoice: the plan, each
 * project's compute hours and the overage from the usage above), and its PDF.
 * Embedded database by default; DATABASE_URL: on that server (the figures that count):
 *   bash platform-api/scripts/with-postgres.sh sh -c 'cd bench && npx tsx billing-metering.ts'
 */
import { randomBytes } from 'node:crypto';
import { createTestHarness } from '@plinth/platform-api/testing';

const PROJECTS = Number(process.env.PROJECTS ?? 100);
const REQUESTS = Number(process.env.REQUESTS ?? 10_000_000);
const ACTIVE_USERS = Number(process.env.ACTIVE_USERS ?? 200_000);
const RUNS = Number(process.env.RUNS ?? 5);
const CHUNK = 1_000_000;
const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const h = await createTestHarness();
try {
  console.log(`billing metering bench — ${h.mode} database; ${PROJECTS} projects, ${REQUESTS.toLocaleString('en-US')} requests, ${ACTIVE_USERS.toLocaleString('en-US')} active users`);
  const { user, org } = await h.userWithProject();
  const control = h.internals.control;
  const store = h.app.logStore;
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const daysSoFar = Math.max(1, Math.ceil((now.getTime() - monthStart.getTime()) / DAY_MS));

  let t = performance.now();
  await control.query(`update organizations set plan = 'team', usage_billing_enabled = true, created_at = $2 where id = $1`, [org.id, monthStart]);
  h.internals.access.invalidateOrganization(org.slug);
  const refs: string[] = [];
  for (let i = 0; i < PROJECTS - 1; i++) {
    const ref = Array.from(randomBytes(20), (b) => String.fromCharCode(97 + (b % 26))).join('');
    refs.push(ref);
    // Database sizes from 0.1 to 0.2 GB each: the organization goes over the Team plan's 8 GB, so the invoice has overage.
    const r = await control.query<{ id: number }>(
      `insert into projects (ref, name, organization_id, status, jwt_secret, anon_key, service_role_key, last_db_size_bytes, inserted_at)
       values ($1, $2, $3, 'ACTIVE_HEALTHY', 'x', 'x', 'x', $4, $5) returning id`,
      [ref, `Bench project ${i + 1}`, org.id, Math.round((0.1 + (i % 10) / 100) * GB), monthStart],
    );
    // Each project paused for a day in the middle of the period: compute hours come from the events.
    await control.query(`insert into project_status_events (project_id, status, at) values ($1, 'INACTIVE', $2), ($1, 'ACTIVE_HEALTHY', $3)`, [
      r.rows[0]!.id,
      new Date(monthStart.getTime() + ((i % daysSoFar) * DAY_MS) / 2),
      new Date(monthStart.getTime() + ((i % daysSoFar) * DAY_MS) / 2 + DAY_MS / 2),
    ]);
  }
  const allRefs = [...(await control.query<{ ref: string }>('select ref from projects where organization_id = $1', [org.id])).rows.map((r) => r.ref)];
  console.log(`  setup: ${allRefs.length} projects in ${seconds(performance.now() - t)} s`);

  t = performance.now();
  await store.partitions.ensure(Array.from({ length: daysSoFar + 1 }, (_, i) => new Date(monthStart.getTime() + i * DAY_MS).toISOString().slice(0, 10)));
  for (let from = 0; from < REQUESTS; from += CHUNK) {
    await store.db.query(
      `insert into project_api_logs (at, project_ref, service, method, path, status, latency_ms, role, user_id, bytes_out)
       select $4::timestamptz + (random() * ($5::float8 * interval '1 millisecond')), ($1::text[])[1 + i % $6::int], (array['rest','auth','storage'])[1 + i % 3], 'GET', '/path_' || (i % 40),
         (array[200,200,200,201,204,400,404,500])[1 + i % 8], random() * 200, 'authenticated', 'user-' || (i % $7::int), 1000 + i % 4000
       from generate_series($2::int + 1, $3::int) as i`,
      [allRefs, from, Math.min(REQUESTS, from + CHUNK), monthStart, now.getTime() - monthStart.getTime() - 1, allRefs.length, ACTIVE_USERS],
    );
  }
  console.log(`  setup: ${REQUESTS.toLocaleString('en-US')} requests logged in ${seconds(performance.now() - t)} s`);
  t = performance.now();
  await store.db.query(
    `insert into project_usage_daily (project_ref, day, service, requests, egress_bytes)
     select project_ref, (at at time zone 'UTC')::date, service, count(*), sum(bytes_out) from project_api_logs
      where project_ref = any($1::text[]) and at >= $2 group by 1, 2, 3
     on conflict (project_ref, day, service) do update set requests = project_usage_daily.requests + excluded.requests, egress_bytes = project_usage_daily.egress_bytes + excluded.egress_bytes`,
    [allRefs, monthStart],
  );
  await store.db.query(
    `insert into project_active_users (project_ref, month, user_id)
     select distinct project_ref, $2::date, user_id from project_api_logs where project_ref = any($1::text[]) and at >= $2 and status < 400 and user_id is not null
     on conflict do nothing`,
    [allRefs, monthStart],
  );
  await store.db.query('analyze project_usage_daily');
  await store.db.query('analyze project_active_users');
  console.log(`  setup: daily counts made from the log rows in ${seconds(performance.now() - t)} s`);

  const time = async (label: string, call: () => Promise<unknown>) => {
    const runs: number[] = [];
    let last: unknown;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      last = await call();
      runs.push(performance.now() - s);
    }
    console.log(`  ${label}: p50 ${seconds(p50(runs))} s, max ${seconds(Math.max(...runs))} s (${RUNS} runs)`);
    return last;
  };
  const get = async (path: string) => {
    const res = await user.fetch(`/api/platform/organizations/${org.slug}${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return path.endsWith('/pdf') ? res.arrayBuffer() : res.json();
  };
  const usage = (await time('usage of the organization', () => get('/usage'))) as { api_requests?: { total: number }; monthly_active_users?: { usage: number }; db_size: { usage: number }; projects: unknown[] };
  console.log(`    ${usage.projects.length} projects, ${usage.api_requests?.total.toLocaleString('en-US')} requests, ${usage.monthly_active_users?.usage.toLocaleString('en-US')} monthly active users, ${(usage.db_size.usage / GB).toFixed(1)} GB of databases`);
  const invoices = (await time("this period's invoice", () => get('/invoices'))) as { id: string; lines: { kind: string }[]; total_cents: number }[];
  const upcoming = invoices[0]!;
  console.log(`    ${upcoming.lines.length} lines (${upcoming.lines.filter((l) => l.kind === 'compute').length} compute, ${upcoming.lines.filter((l) => l.kind === 'overage').length} overage), total $${(upcoming.total_cents / 100).toFixed(2)}`);
  await time("the invoice's PDF", () => get(`/invoices/${upcoming.id}/pdf`));
} finally {
  await h.close();
}
