import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

export interface SmtpInbox {
  /** For SMTP_URL. */
  url: string;
  /** Every message, parsed as a mail client would (UTF-8, headers decoded). */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what the app sends: the receiving end of the mail tests. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((mail) => {
          received.push({ to, mail });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => smtp.close(resolve)) };
}
