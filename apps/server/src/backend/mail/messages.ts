/**
 * The account mails (recovery, verification, magic URL, sign-in code, MFA
 * code) as subject, plain text and HTML, with the app's name. Pure: the
 * caller supplies the link or code; nothing here sends anything.
 */
export const APP_NAME = 'Lyra';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type AccountMail =
  | { kind: 'recovery'; name: string; link: string }
  | { kind: 'verification'; name: string; link: string }
  | { kind: 'magic-url'; name: string; link: string; phrase: string }
  | { kind: 'email-otp'; name: string; code: string; phrase: string }
  | { kind: 'mfa-challenge'; name: string; code: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

interface Parts {
  subject: string;
  lines: string[];
  /** A button (link) or a code shown large. */
  action: { link: string; label: string } | { code: string };
  after: string[];
}

function parts(mail: AccountMail): Parts {
  const phrase = (p: string) => (p ? [`Security phrase: ${p}. Check that it matches the one shown where you asked for this.`] : []);
  switch (mail.kind) {
    case 'recovery':
      return {
        subject: `Reset your ${APP_NAME} password`,
        lines: ['Someone asked to reset the password of your account. Follow this link to choose a new one:'],
        action: { link: mail.link, label: 'Reset password' },
        after: ['The link works once, for one hour. If you did not ask for this, ignore this mail: your password stays as it is.'],
      };
    case 'verification':
      return {
        subject: `Verify your ${APP_NAME} email address`,
        lines: ['Follow this link to confirm that this email address is yours:'],
        action: { link: mail.link, label: 'Verify email' },
        after: ['The link works once, for one hour. If you did not ask for this, ignore this mail.'],
      };
    case 'magic-url':
      return {
        subject: `Sign in to ${APP_NAME}`,
        lines: ['Follow this link to sign in:'],
        action: { link: mail.link, label: `Sign in to ${APP_NAME}` },
        after: [...phrase(mail.phrase), 'The link works once, for one hour. If you did not ask for this, ignore this mail.'],
      };
    case 'email-otp':
      return {
        subject: `${APP_NAME} sign-in code`,
        lines: ['Enter this code to sign in:'],
        action: { code: mail.code },
        after: [...phrase(mail.phrase), 'The code works once, for 15 minutes. If you did not ask for this, ignore this mail.'],
      };
    case 'mfa-challenge':
      return {
        subject: `${APP_NAME} verification code`,
        lines: ['Enter this code to finish signing in:'],
        action: { code: mail.code },
        after: ['The code works once, for one hour. If you did not ask for this, change your password.'],
      };
  }
}

export function renderMail(mail: AccountMail): MailContent {
  const p = parts(mail);
  const hello = mail.name ? `Hello ${mail.name},` : 'Hello,';
  const actionText = 'link' in p.action ? p.action.link : p.action.code;
  const text = [hello, '', ...p.lines, '', actionText, '', ...p.after, '', `${APP_NAME}`, ''].join('\n');
  const actionHtml =
    'link' in p.action
      ? `<p><a href="${escapeHtml(p.action.link)}">${escapeHtml(p.action.label)}</a></p>\n<p>${escapeHtml(p.action.link)}</p>`
      : `<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(p.action.code)}</strong></p>`;
  const html = [
    '<!doctype html>',
    `<html><body style="font-family:sans-serif">`,
    `<p>${escapeHtml(hello)}</p>`,
    ...p.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    actionHtml,
    ...p.after.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${APP_NAME}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: p.subject, text, html };
}
