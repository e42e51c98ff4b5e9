import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail received so far, in order. */
  mails: ReceivedMail[];
  /** The next mail to `to` (waits until it arrives; resolves at once if one is already unread). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (`smtp-server`), parsing each message with
 * `mailparser`, so tests read exactly what a mail client would. No TLS, no
 * authentication: the server under test talks plain SMTP to it.
 */
export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const read = new Set<ReceivedMail>();
  const waiting: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const deliver = (mail: ReceivedMail) => {
    mails.push(mail);
    const i = waiting.findIndex((w) => mail.to.includes(w.to.toLowerCase()));
    if (i >= 0) {
      read.add(mail);
      waiting.splice(i, 1)[0]!.resolve(mail);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          deliver({
            from: (parsed.from?.value ?? []).map((a) => (a.name ? `${a.name} <${a.address}>` : (a.address ?? ''))).join(', '),
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to) {
      const unread = mails.find((m) => !read.has(m) && m.to.includes(to.toLowerCase()));
      if (unread) {
        read.add(unread);
        return Promise.resolve(unread);
      }
      return new Promise((resolve) => waiting.push({ to, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const found = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return new URL(found);
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const m = /^\d{6}$/m.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[0];
}
