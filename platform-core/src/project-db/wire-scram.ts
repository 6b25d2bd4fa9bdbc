import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

// The password step of the embedded databases' wire listener (wire-server.ts): SCRAM-SHA-256 as
// RFC 5802 and RFC 7677 define it and Postgres speaks it, with Node's crypto for every primitive.

/**
 * The server's side of one SCRAM-SHA-256 exchange without channel binding (none is offered, over TLS
 * either), for a password the server knows: `first` answers the client's first message, `final`
 * checks the client's proof and answers the server's signature (null: refused).
 */
export class ScramExchange {
  private readonly iterations = 4096;
  private readonly salt = randomBytes(16);
  private nonce = '';
  private clientFirstBare = '';
  private serverFirst = '';

  constructor(private readonly password: string) {}

  first(clientFirst: string): string | null {
    // gs2 header: "n,," (no channel binding) or "y,," (the client could bind, we offer none).
    const m = /^[ny],,(n=[^,]*,r=([!-+\--~]+)(?:,.*)?)$/.exec(clientFirst);
    if (!m) return null;
    this.clientFirstBare = m[1]!;
    this.nonce = m[2]! + randomBytes(18).toString('base64');
    this.serverFirst = `r=${this.nonce},s=${this.salt.toString('base64')},i=${this.iterations}`;
    return this.serverFirst;
  }

  final(clientFinal: string): string | null {
    const m = /^(c=([^,]*),r=([^,]*)(?:,.*?)?),p=([A-Za-z0-9+/=]+)$/.exec(clientFinal);
    if (!m || !this.nonce || m[3] !== this.nonce || !['biws', 'eSws'].includes(m[2]!)) return null;
    const salted = pbkdf2Sync(this.password.normalize('NFKC'), this.salt, this.iterations, 32, 'sha256');
    const clientKey = createHmac('sha256', salted).update('Client Key').digest();
    const storedKey = createHash('sha256').update(clientKey).digest();
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${m[1]}`;
    const signature = createHmac('sha256', storedKey).update(authMessage).digest();
    const proof = Buffer.from(m[4]!, 'base64');
    if (proof.length !== signature.length) return null;
    const recovered = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
    if (!timingSafeEqual(createHash('sha256').update(recovered).digest(), storedKey)) return null;
    const serverKey = createHmac('sha256', salted).update('Server Key').digest();
    return `v=${createHmac('sha256', serverKey).update(authMessage).digest('base64')}`;
  }
}
