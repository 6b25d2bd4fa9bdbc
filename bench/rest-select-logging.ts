/**
 * bench:rest-select twice, with the request log off (PLINTH_REQUEST_LOG=0) and on (the default),
 * each in a fresh process, and both figures printed: logging must not lower the data API's throughput
 * or raise its latency beyond the machine's noise. Same environment as bench:rest-select
 * (DURATION, CONNECTIONS, WORKERS, DATABASE_URL).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./rest-select.ts', import.meta.url));

function run(requestLog: '0' | '1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, PLINTH_REQUEST_LOG: requestLog }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`rest-select exited with ${code}`))));
  });
}

const figure = (out: string, re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
const rows: { label: string; rps: number; p50: number; p99: number; cpu: number }[] = [];
for (const [label, flag] of [['request log off', '0'], ['request log on', '1']] as const) {
  const out = await run(flag);
  console.log(`— ${label}\n${out.trimEnd()}`);
  rows.push({ label, rps: figure(out, /throughput: (\d+)/), p50: figure(out, /p50: ([\d.]+)/), p99: figure(out, /p99: ([\d.]+)/), cpu: figure(out, /CPU per request: ([\d.]+)/) });
}
const [off, on] = rows as [(typeof rows)[0], (typeof rows)[0]];
console.log(`\nrequest log off: ${off.rps} req/s, p50 ${off.p50} ms, p99 ${off.p99} ms, CPU ${off.cpu} ms per request in the API process`);
console.log(`request log on:  ${on.rps} req/s, p50 ${on.p50} ms, p99 ${on.p99} ms, CPU ${on.cpu} ms per request in the API process`);
// On a shared machine throughput moves with other load; the CPU a request costs is the steadier measure.
console.log(`with the log on: throughput ${((on.rps / off.rps) * 100).toFixed(0)}% of without, CPU per request ${(on.cpu - off.cpu >= 0 ? '+' : '')}${(on.cpu - off.cpu).toFixed(2)} ms`);
