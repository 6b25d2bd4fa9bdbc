/** autocannon in a process of its own, so the CPU the bench process uses is the API's alone. */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
}

const autocannonPath = createRequire(import.meta.url).resolve('autocannon');

export function runLoad(opts: Record<string, unknown>): Promise<LoadResult> {
  const script = `require(${JSON.stringify(autocannonPath)})(JSON.parse(process.env.BENCH_OPTS)).then((r) => process.stdout.write(JSON.stringify(r)))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, BENCH_OPTS: JSON.stringify(opts) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`autocannon exited with ${code}`))));
  });
}
