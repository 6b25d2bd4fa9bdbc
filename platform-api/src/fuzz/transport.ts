/**
 * Sends a fuzz request. app.inject parses the url as a browser would, folding `..` and `%2E%2E`
 * segments away before the router sees them; a raw HTTP client (curl --path-as-is) sends them as
 * they are. So a url with dot segments goes over a real socket to the listening server, unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Answer, FuzzRequest } from './requests';

const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|\?|$)/i;

/** Each server's listening address (the console's and the project services'), once a url needed a socket. */
const listening = new WeakMap<FastifyInstance, Promise<AddressInfo>>();

export async function deliver(app: FastifyInstance, req: FuzzRequest, headers: Record<string, string>): Promise<Answer> {
  if (!DOT_SEGMENT.test(req.url)) {
    return app.inject({ method: req.method as 'GET', url: req.url, headers: { ...req.headers, ...headers }, payload: req.payload });
  }
  let address = listening.get(app);
  if (!address) listening.set(app, (address = app.listen({ port: 0, host: '127.0.0.1' }).then(() => app.server.address() as AddressInfo)));
  const { port } = await address;
  return new Promise<Answer>((resolve, reject) => {
    // Node's client sends a DELETE body without a length unless told: give every body its length.
    const length = req.payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(req.payload)) };
    const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, agent: false, headers: { ...req.headers, ...headers, ...length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.payload);
  });
}
