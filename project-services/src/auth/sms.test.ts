import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthUsersClient } from '@plinth/contracts-auth';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { writeProjectAuthSettings } from './settings';
import { listSmsOutbox } from './sms';
import { appClient, listen, projectKeys, type ProjectKeys } from './testing';

// The HTTP SMS transport (PLINTH_SMS_HTTP_URL): a local stand-in for an SMS gateway receives the
// messages; codes it was sent sign in through supabase-js, and a gateway that refuses a message
// makes the request answer 500 sms_send_failed, as GoTrue does (nothing kept, nothing usable).

interface Received {
  authorization: string | undefined;
  body: { to: string; body: string; kind: string };
}

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let owner: TestUser;
let gateway: Server;
const received: Received[] = [];
let refuse = false;
const saved = { url: process.env.PLINTH_SMS_HTTP_URL, token: process.env.PLINTH_SMS_HTTP_TOKEN };

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      if (refuse) {
        res.writeHead(500).end('down');
        return;
      }
      received.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message_id: `gw-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  process.env.PLINTH_SMS_HTTP_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  process.env.PLINTH_SMS_HTTP_TOKEN = 'gateway-token';
  h = await createTestHarness();
  const { project, user } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  await writeProjectAuthSettings(h.internals.control, keys.ref, { phoneEnabled: true });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => gateway?.close(resolve));
  for (const [name, value] of [['PLINTH_SMS_HTTP_URL', saved.url], ['PLINTH_SMS_HTTP_TOKEN', saved.token]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('the HTTP SMS transport', () => {
  it('posts the code to the gateway, which the app then verifies; /settings names the provider', async () => {
    const settings = await fetch(`${base}/${keys.ref}/auth/v1/settings`, { headers: { apikey: keys.anonKey } });
    expect(await settings.json()).toMatchObject({ external: { phone: true }, sms_provider: 'http' });
    const client = appClient(base, keys.ref, keys.anonKey);
    const sent = await client.auth.signInWithOtp({ phone: '+15550001111' });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toBe('gw-1');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ authorization: 'Bearer gateway-token', body: { to: '+15550001111', kind: 'sms' } });
    const code = /(\d{6})/.exec(received[0]!.body.body)![1]!;
    const verified = await client.auth.verifyOtp({ phone: '+15550001111', token: code, type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe('15550001111');
    // Sent through the gateway, not kept in the outbox.
    expect(await listSmsOutbox(h.internals.control, keys.ref)).toEqual([]);
    // The console says where messages go instead of listing any.
    const consoleOutbox = await createAuthUsersClient(owner.api.http).getAuthSmsOutbox(keys.ref);
    expect(consoleOutbox).toEqual({ transport: 'http', messages: [] });
  });

  it('answers 500 sms_send_failed when the gateway refuses, and the number may ask again at once', async () => {
    const client = appClient(base, keys.ref, keys.anonKey);
    refuse = true;
    try {
      // supabase-js hands any 5xx to the app as a retryable fetch error with its status; the body names the code.
      const failed = await client.auth.signInWithOtp({ phone: '+15550002222' });
      expect(failed.error).toMatchObject({ status: 500 });
      const raw = await fetch(`${base}/${keys.ref}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '+15550002222' }),
      });
      expect(raw.status).toBe(500);
      expect(await raw.json()).toMatchObject({ code: 500, error_code: 'sms_send_failed' });
    } finally {
      refuse = false;
    }
    const again = await client.auth.signInWithOtp({ phone: '+15550002222' });
    expect(again.error).toBeNull();
    expect(received.at(-1)!.body.to).toBe('+15550002222');
  });
});
