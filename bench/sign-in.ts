/**
 * Password sign-in of a project's app users: POST {project services}/{ref}/auth/v1/token?grant_type=password
 * (argon2id verification, a session and a refresh token written, an access token signed), under
 * autocannon on loopback with CONNECTIONS concurrent clients cycling through USERS accounts. Every
 * sign-in is also written to the request log and counted for usage, as in production.
 * Embedded database by default; the server named by DATABASE_URL when set.
 * Run: pnpm --filter @plinth/bench bench:sign-in   (DURATION=seconds, CONNECTIONS=n, USERS=n)
 */
import os from 'node:os';
import { createTestHarness } from '@plinth/platform-api/testing';
import { runLoad } from './load';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 10);
const users = Number(process.env.USERS ?? 20);
const PASSWORD = 'bench sign-in password';

const h = await createTestHarness();
try {
  const { project } = await h.userWithProject();
  const ref = project.ref;
  const keys = (await h.internals.control.query<{ anon_key: string; service_role_key: string }>('select anon_key, service_role_key from projects where ref = $1', [ref])).rows[0]!;
  const address = await h.services.listen({ port: 0, host: '127.0.0.1' });
  const auth = `/${ref}/auth/v1`;
  const emails = Array.from({ length: users }, (_, i) => `bench-${i}@example.com`);
  for (const email of emails) {
    const res = await fetch(`${address}${auth}/admin/users`, {
      method: 'POST',
      headers: { apikey: keys.service_role_key, authorization: `Bearer ${keys.service_role_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
    });
    if (!res.ok) throw new Error(`creating ${email} answered ${res.status}: ${await res.text()}`);
  }
  const headers = { apikey: keys.anon_key, authorization: `Bearer ${keys.anon_key}`, 'content-type': 'application/json' };
  const requests = emails.map((email) => ({ method: 'POST', path: `${auth}/token?grant_type=password`, body: JSON.stringify({ email, password: PASSWORD }) }));
  const sample = await fetch(`${address}${requests[0]!.path}`, { method: 'POST', headers, body: requests[0]!.body });
  if (sample.status !== 200) throw new Error(`sample sign-in answered ${sample.status}: ${await sample.text()}`);

  const opts = { url: address, connections, headers, requests };
  await runLoad({ ...opts, duration: 2 });
  const cpu0 = process.cpuUsage();
  const r = await runLoad({ ...opts, duration });
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total);
  await h.app.logStore.flush();
  const logged = (await h.internals.control.query<{ n: number }>("select count(*)::int as n from project_api_logs where project_ref = $1 and event = 'login'", [ref])).rows[0]!.n;
  console.log(`POST /auth/v1/token?grant_type=password (argon2id) — ${h.mode} database, ${connections} connections, ${users} users, ${duration} s, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  requests: ${r.requests.total} total, ${r.non2xx} non-2xx, ${r.errors} errors; ${logged} sign-ins in the request log`);
  console.log(`  throughput: ${r.requests.average.toFixed(0)} sign-ins/s`);
  console.log(`  latency p50: ${r.latency.p50} ms, p99: ${r.latency.p99} ms`);
  console.log(`  CPU per sign-in in this process: ${cpuMs.toFixed(2)} ms (≈ ${(1000 / cpuMs).toFixed(0)} sign-ins/s per idle core)`);
} finally {
  await h.close();
}
