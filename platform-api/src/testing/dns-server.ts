/**
 * A DNS server of a test's own (UDP on 127.0.0.1), answering the TXT records
 * the test publishes and NXDOMAIN for every other name: what the platform reads to verify a custom
 * domain when started with `dnsServers: [server.address]`.
 */
import dns2 from 'dns2';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for the platform's `dnsServers`. */
  address: string;
  /** Publishes (or with no values, withdraws) the TXT record at a name. */
  setTxt(name: string, ...values: string[]): void;
  close(): Promise<void>;
}

/** On `port` when given (one a server was told of before), else a free one. */
export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const values = records.get(name);
      if (!values) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question?.type === Packet.TYPE.TXT) {
        // The packet encodes a plain record by its type (the library's Resource type also lists its encoder).
        for (const value of values) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: value } as (typeof response.answers)[number]);
      }
      void send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${udp!.port}`,
    setTxt(name, ...values) {
      if (values.length) records.set(name.toLowerCase(), values);
      else records.delete(name.toLowerCase());
    },
    close: () => server.close(),
  };
}
