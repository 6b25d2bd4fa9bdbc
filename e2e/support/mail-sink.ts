import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * An SMTP listener for the browser tests: the console servers send the platform's e-mails
 * (invitations, account e-mails) to it through PLINTH_SMTP_URL, and it writes each message to a
 * file of `dir` (`<n>.eml`, its recipients on the first line) for the tests to read. It speaks just
 * enough SMTP for nodemailer on a plain connection (no STARTTLS, no authentication).
 */
export async function startMailSink(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    let data: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 plinth-e2e mail sink');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            count += 1;
            writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.eml`), `${recipients.join(',')}\n${data.join('\n')}`);
            recipients = [];
            data = [];
            reply('250 OK');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 plinth-e2e');
        else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A message body as its text: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The messages sent to `email` so far (newest last), as decoded text, from the mail sink of this run (PLINTH_E2E_MAIL_DIR). */
export function mailsTo(email: string): string[] {
  const dir = process.env.PLINTH_E2E_MAIL_DIR;
  if (!dir) throw new Error('PLINTH_E2E_MAIL_DIR is not set: the browser tests run through playwright.config.ts\'s global setup.');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.split('\n', 1)[0]!.split(',').includes(email.toLowerCase()))
    .map(decodeQuotedPrintable);
}
