import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

// The worker calls URLs a tenant chose: by default only public unicast addresses are reached.
// Every address the host resolves to is checked (a name with one private address is refused).
// PLINTH_WEBHOOK_ALLOWED_HOSTS (comma-separated host names or IPs, e.g. "127.0.0.1,localhost")
// lets given hosts through, for tests and self-hosting.

export class RefusedAddressError extends Error {}

export function allowedHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set((env.PLINTH_WEBHOOK_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** True for an address outside every private, loopback, link-local, metadata and reserved range. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

/** Throws RefusedAddressError unless the URL's host is allowed or resolves to public addresses only. */
export async function checkUrl(raw: string, allowed: Set<string> = allowedHosts()): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedAddressError('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedAddressError('Only http and https URLs are called');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowed.has(host)) return url;
  const addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (!addresses.length) throw new RefusedAddressError(`The host ${host} does not resolve`);
  for (const a of addresses) {
    if (!isPublicAddress(a)) throw new RefusedAddressError(`The host ${host} resolves to a private or reserved address (${a}); the platform does not call it`);
  }
  return url;
}
