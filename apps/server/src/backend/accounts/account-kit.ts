import type { Context } from 'hono';
import type { Deps } from '../../module.js';
import type { AccountLimitKind, AccountLimits, GuessLimiter } from '../auth/account-limits.js';
import type { CreationLimits } from '../auth/creation-limits.js';
import { createOwnHostCheck } from '../../http/own-origin.js';
import { createOriginPolicy, originOf } from '../http/origins.js';
import { clientIp, devProxyPage, peerAddress, selfOrigin } from '../http/request-info.js';
import type { Mailer } from '../mail/mailer.js';
import { renderMail, type AccountMail } from '../mail/messages.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { AccountLog } from './account-log.js';
import type { Accounts } from './accounts.js';
import { accountErrors } from './errors.js';
import { checkLinkUrl } from './links.js';
import type { Sessions } from './sessions.js';

/** What the account routes share: services, limits, the mailer and the account log. */
export interface AccountKit {
  deps: Deps;
  accounts: Accounts;
  sessions: Sessions;
  events: EventBus;
  log: AccountLog;
  /** Per-address creation limits (sign-ups, anonymous sessions). */
  limits: CreationLimits;
  /** Appwrite's limits on mailing and checking secrets (RATE_LIMITS). */
  accountLimits: AccountLimits;
  /** Wrong guesses of short secrets (always on). */
  guesses: GuessLimiter;
  mailer: Mailer;
}

/** The helpers routes use on top of the kit. */
export function kitHelpers(kit: AccountKit) {
  const { deps } = kit;
  const policy = createOriginPolicy(deps.config);
  const ownHost = createOwnHostCheck(deps.config);
  const forwardedHost = (c: Context) => deps.config.trustProxy(peerAddress(c)) && !!c.req.header('x-forwarded-host');
  /**
   * "This server" for mailed links: PUBLIC_URL when set; else the request's
   * own origin (X-Forwarded-Host only from a trusted proxy, see selfOrigin).
   * A forged Host or X-Forwarded-Host must not send a victim's reset link to
   * another site; PUBLIC_URL rules that out entirely.
   */
  const linkOrigin = (c: Context): string => originOf(deps.config.PUBLIC_URL) ?? selfOrigin(c, deps.config);

  return {
    linkOrigin,
    /** The app URL a mailed link may point to (see links.ts). */
    linkUrl(c: Context, value: string): string {
      // Without PUBLIC_URL the Host header names "this server", and anyone can
      // send any Host: it counts only when it is one of the server's own names
      // (http/own-origin.ts), so a forged one cannot lead to the sender's machine.
      const named = linkOrigin(c);
      const self = originOf(deps.config.PUBLIC_URL) || ownHost(new URL(named).hostname, { forwardedByTrustedProxy: forwardedHost(c) }) ? named : null;
      const devPage = devProxyPage(c, deps.config);
      const hosts = [self, ...deps.config.allowedOrigins, devPage].flatMap((o) => (o ? [new URL(o).hostname] : []));
      const hint = self ? '' : ' (set PUBLIC_URL to mail links to this server by name)';
      return checkLinkUrl(value, (origin) => policy.isAllowed(origin, self ?? '') || origin === devPage, hosts, hint);
    },

    /** Counts the attempt under each key; 429 general_rate_limit_exceeded when one is over (backend-api.md §2). */
    async limit(kind: AccountLimitKind, keys: string[]): Promise<void> {
      const wait = await kit.accountLimits.take(kind, keys);
      if (wait > 0) throw accountErrors.rateLimited(wait);
    },

    ipKey: (c: Context) => `ip:${clientIp(c, deps.config)}`,

    /** Sends an account mail; a mail server that refuses is a clear 503, never a 500. */
    async mail(to: string, mail: AccountMail): Promise<void> {
      try {
        await kit.mailer.send(to, renderMail(mail));
      } catch (err) {
        deps.log.error('mail not sent', { to, err });
        throw accountErrors.mailFailed();
      }
    },
  };
}
