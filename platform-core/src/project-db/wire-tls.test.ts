import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireTlsFromEnv } from './wire-tls';
import { throwawayWireTls } from './wire-tls-testing';

// The platform's SSL configuration for database clients: both files or neither, and a clear error
// naming the variable otherwise (the platform does not start half-configured).

let dir: string;
let certFile: string;
let keyFile: string;
let otherKeyFile: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-wire-tls-'));
  const [a, b] = [await throwawayWireTls(), await throwawayWireTls()];
  certFile = path.join(dir, 'cert.pem');
  keyFile = path.join(dir, 'key.pem');
  otherKeyFile = path.join(dir, 'other-key.pem');
  await Promise.all([writeFile(certFile, a.cert), writeFile(keyFile, a.key), writeFile(otherKeyFile, b.key)]);
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('wireTlsFromEnv', () => {
  it('offers no SSL when neither variable is set', () => {
    expect(wireTlsFromEnv({})).toBeNull();
  });
  it('makes a TLS context from a certificate and its key', () => {
    expect(wireTlsFromEnv({ PLINTH_DB_TLS_CERT: certFile, PLINTH_DB_TLS_KEY: keyFile })?.secureContext).toBeTruthy();
  });
  it('names the missing variable, the unreadable file, and refuses a key of another certificate', () => {
    expect(() => wireTlsFromEnv({ PLINTH_DB_TLS_CERT: certFile })).toThrow(/PLINTH_DB_TLS_KEY is not set/);
    expect(() => wireTlsFromEnv({ PLINTH_DB_TLS_KEY: keyFile })).toThrow(/PLINTH_DB_TLS_CERT is not set/);
    expect(() => wireTlsFromEnv({ PLINTH_DB_TLS_CERT: path.join(dir, 'missing.pem'), PLINTH_DB_TLS_KEY: keyFile })).toThrow(/PLINTH_DB_TLS_CERT .*missing\.pem.* cannot be read/);
    expect(() => wireTlsFromEnv({ PLINTH_DB_TLS_CERT: certFile, PLINTH_DB_TLS_KEY: otherKeyFile })).toThrow();
  });
});
