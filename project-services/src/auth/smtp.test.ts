import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { writeProjectAuthSettings } from './settings';
import { appClient, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// With PLINTH_SMTP_URL set, the auth emails go to that SMTP server (here a minimal one on
// loopback that keeps what it receives) and not to the outbox.

let smtp: Server;
const received: { to: string[]; data: string }[] = [];
let h: TestHarness;
let owner: TestUser;
let keys: ProjectKeys;
let base: string;

function startSmtp(): Promise<number> {
  smtp = createServer((socket) => {
    let to: string[] = [];
    let data: string | null = null;
    let buffer = '';
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (data !== null) {
          if (line === '.') {
            received.push({ to, data });
            data = null;
            to = [];
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.address() as AddressInfo).port)));
}

beforeAll(async () => {
  const port = await startSmtp();
  process.env.PLINTH_SMTP_URL = `smtp://127.0.0.1:${port}`;
  h = await createTestHarness();
  delete process.env.PLINTH_SMTP_URL;
  const { user, project } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
});
afterAll(async () => {
  await h?.close();
  await new Promise((r) => smtp?.close(r));
});

it('sends the confirmation email over SMTP, whose link confirms the address', async () => {
  await writeProjectAuthSettings(h.internals.control, keys.ref, { emailConfirmationRequired: true });
  const email = randomEmail('smtp');
  const { data, error } = await appClient(base, keys.ref, keys.anonKey).auth.signUp({ email, password: 'smtp-password' });
  expect(error).toBeNull();
  expect(data.session).toBeNull();
  const mail = received.find((m) => m.to.includes(email))!;
  expect(mail.data).toContain('Subject: Confirm your signup');
  const body = mail.data.replace(/=\n/g, '').replace(/=3D/g, '=');
  const link = /(http:\/\/\S+\/verify\?\S+)/.exec(body)![1]!;
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  expect((await appClient(base, keys.ref, keys.anonKey).auth.signInWithPassword({ email, password: 'smtp-password' })).error).toBeNull();

  const outbox = await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`);
  expect(((await outbox.json()) as { emails: unknown[] }).emails).toEqual([]);
});
