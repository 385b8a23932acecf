import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process (DIGESTS.md: never a mock transport): it takes what Nodemailer sends over
 * a socket, checks the login, and keeps each message parsed by mailparser. `refuse` makes it answer 451 to the
 * message's data (a server that refuses); `stop()` takes it down (a server that is gone).
 */
export interface SmtpCatcher {
  /** `smtp://user:pass@127.0.0.1:<port>`. */
  url: string;
  port: number;
  received: (ParsedMail & { envelopeTo: string[] })[];
  refuse: boolean;
  stop(): Promise<void>;
}

export const SMTP_USER = 'reports';
export const SMTP_PASSWORD = 'mail-secret';

export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const catcher = { received: [], refuse: false } as unknown as SmtpCatcher;
  const server = new SMTPServer({
    // Plain text on 127.0.0.1: no certificate to make; the login is still required and checked.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('535 bad login'));
    },
    onData(stream, session, callback) {
      if (catcher.refuse) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('451 mailbox busy, try later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          catcher.received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  catcher.port = typeof address === 'object' && address ? address.port : port;
  catcher.url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${catcher.port}`;
  catcher.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return catcher;
}
