import type { Engine } from '../../../test/db.js';
import { useMailbox, useServerWithUsers } from './fixtures.js';

/**
 * The server of the mailed-secret tests: it mails through a real SMTP server
 * on loopback, its time is a test clock, and `signedIn` makes users `Mail <n>`.
 */
export function useMailFlows(engine: Engine) {
  const mailbox = useMailbox();
  const { s, clock, signedIn } = useServerWithUsers(engine, 'Mail', () => ({ SMTP_URL: mailbox.url, MAIL_FROM: 'Lyra <accounts@lyra.example>' }));
  return {
    s,
    mailbox,
    clock,
    signedIn,
    /** The app page mailed links lead to. */
    appUrl: () => `${s.baseUrl}/profile`,
    raw: (path: string, method: string, body: unknown) =>
      fetch(`${s.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
        body: JSON.stringify(body),
      }),
  };
}
