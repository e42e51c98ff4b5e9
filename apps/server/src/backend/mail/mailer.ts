import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import { APP_NAME, type MailContent } from './messages.js';

export interface Mailer {
  /** Where mail goes: a mail server (SMTP_URL) or files in DATA_DIR/outbox. */
  readonly mode: 'smtp' | 'outbox';
  send(to: string, content: MailContent): Promise<void>;
}

type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'DATA_DIR'>;

/** MAIL_FROM, else `Lyra <no-reply@<PUBLIC_URL's host or localhost>>`. */
export function senderAddress(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `${APP_NAME} <no-reply@${host}>`;
}

/**
 * Sends account mail with nodemailer: through SMTP_URL when set, otherwise each
 * message is written as an .eml file to DATA_DIR/outbox (one log line per mail
 * says where), so a server without a mail server still shows what it would send.
 */
export function createMailer(config: MailConfig, log: Logger): Mailer {
  const from = senderAddress(config);
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: 'smtp',
      async send(to, content) {
        await transport.sendMail({ from, to, subject: content.subject, text: content.text, html: content.html });
      },
    };
  }
  const outbox = join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(to, content) {
      const info = await transport.sendMail({ from, to, subject: content.subject, text: content.text, html: content.html });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info('mail written to the outbox (SMTP_URL is not set)', { file, subject: content.subject });
    },
  };
}
