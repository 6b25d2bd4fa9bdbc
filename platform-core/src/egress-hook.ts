import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An onSend hook counting the bytes of every answer about a project (a route with `:ref`) as its
 * egress; streamed bodies are counted by their routes (deps.recordEgress).
 */
export function countEgress(egress: { record(ref: string, bytes: number): void }) {
  return async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const ref = (req.params as { ref?: unknown } | undefined)?.ref;
    if (typeof ref === 'string') {
      if (typeof payload === 'string') egress.record(ref, Buffer.byteLength(payload));
      else if (Buffer.isBuffer(payload)) egress.record(ref, payload.length);
    }
    return payload;
  };
}
