import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../log.js';
import { createMailer, senderAddress } from './mailer.js';
import { renderMail } from './messages.js';

describe('mailer', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('without SMTP_URL writes each mail as an .eml file to DATA_DIR/outbox and logs one line', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer(loadConfig({ DATA_DIR: dir }), createLogger('info', {}, (l) => lines.push(l)));
    expect(mailer.mode).toBe('outbox');
    await mailer.send('ada@example.com', renderMail({ kind: 'recovery', name: 'Ada', link: 'http://localhost:8080/profile?userId=u1&secret=s&expire=e' }));

    const files = await readdir(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(join(dir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe('Reset your Lyra password');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Lyra', address: 'no-reply@localhost' });
    expect(parsed.text).toContain('http://localhost:8080/profile?userId=u1&secret=s&expire=e');
    expect(parsed.html).toContain('<a href="http://localhost:8080/profile?userId=u1&amp;secret=s&amp;expire=e">Reset password</a>');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('INFO mail written to the outbox (SMTP_URL is not set)');
    expect(lines[0]).toContain(join(dir, 'outbox', files[0]!));
  });

  it('sends from MAIL_FROM, else from no-reply at PUBLIC_URL\'s host', () => {
    expect(senderAddress({ MAIL_FROM: 'Music <music@example.org>', PUBLIC_URL: undefined })).toBe('Music <music@example.org>');
    expect(senderAddress({ MAIL_FROM: undefined, PUBLIC_URL: 'https://music.example.org/app' })).toBe('Lyra <no-reply@music.example.org>');
  });
});

describe('mail settings', () => {
  it('accepts smtp:// and smtps:// URLs and sender addresses', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.org:465' }).SMTP_URL).toBe('smtps://user:secret@mail.example.org:465');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org:587' }).SMTP_URL).toBe('smtp://mail.example.org:587');
    expect(loadConfig({ MAIL_FROM: 'Lyra <lyra@example.org>' }).MAIL_FROM).toBe('Lyra <lyra@example.org>');
    expect(loadConfig({ MAIL_FROM: 'lyra@example.org' }).MAIL_FROM).toBe('lyra@example.org');
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.org', 'Invalid SMTP_URL="http://mail.example.org": must be smtp://user:pass@host:port or smtps://user:pass@host:port'],
    ['SMTP_URL', 'smtp://user:hunter2@mail example.org', 'Invalid SMTP_URL="smtp://***@mail example.org": must be smtp://user:pass@host:port or smtps://user:pass@host:port'],
    ['MAIL_FROM', 'not an address', 'Invalid MAIL_FROM="not an address": must be an address or Name <address>'],
  ])('stops start-up on a bad %s with one line naming it (and never the password)', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(message);
  });
});

describe('account mails', () => {
  it('have a plain-text and an HTML body with the app\'s name; codes stand on their own line', () => {
    const otp = renderMail({ kind: 'email-otp', name: '', code: '042917', phrase: 'Calm Piano' });
    expect(otp.subject).toBe('Lyra sign-in code');
    expect(otp.text).toBe(
      'Hello,\n\nEnter this code to sign in:\n\n042917\n\nSecurity phrase: Calm Piano. Check that it matches the one shown where you asked for this.\nThe code works once, for 15 minutes. If you did not ask for this, ignore this mail.\n\nLyra\n',
    );
    expect(otp.html).toContain('<strong>042917</strong>');
    const magic = renderMail({ kind: 'magic-url', name: 'A <b>', link: 'http://x/?a=1&b=2', phrase: '' });
    expect(magic.html).toContain('Hello A &lt;b&gt;,');
    expect(magic.html).toContain('href="http://x/?a=1&amp;b=2"');
  });
});
