/**
 * A real SMTP server on loopback for the account end-to-end tests: the
 * server under test is given `SMTP_URL` (with a user and password) and
 * `MAIL_FROM`, and every mail it sends is parsed with mailparser and kept.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  /** SMTP_URL and MAIL_FROM for the server under test. */
  env: { SMTP_URL: string; MAIL_FROM: string };
  mails: ParsedMail[];
  /** The next mail to `to` after `after` mails have arrived (default: any so far), waiting for it. */
  waitFor(to: string, after?: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const USER = 'lyra-mailer';
const PASS = 'mail-secret';

export async function startInbox(): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const recipients = (m: ParsedMail) =>
    [m.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? ''));

  return {
    env: { SMTP_URL: `smtp://${USER}:${PASS}@127.0.0.1:${port}`, MAIL_FROM: 'Lyra <music@lyra.example>' },
    mails,
    async waitFor(to, after = 0, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(after).find((m) => recipients(m).includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} (${mails.length} mails so far)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text to `path` on `origin` (the app's /verify, /recovery or /callback). */
export function linkIn(mail: ParsedMail, origin: string, path: string): URL {
  const text = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html.replaceAll('&amp;', '&') : ''}`;
  for (const m of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(m[0]);
    if (url.origin === origin && url.pathname === path) return url;
  }
  throw new Error(`No ${origin}${path} link in the mail:\n${text}`);
}
