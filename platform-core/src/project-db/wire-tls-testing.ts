import { generate } from 'selfsigned';
import { wireTlsOf, type WireTls } from './wire-tls';

/** Tests only: a throwaway self-signed certificate for localhost/127.0.0.1, made at test time, and the listener's TLS from it. */
export async function throwawayWireTls(): Promise<WireTls & { cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  });
  return { ...wireTlsOf(pems.cert, pems.private), cert: pems.cert, key: pems.private };
}
