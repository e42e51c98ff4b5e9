import type { Config } from '../../config.js';
import type { Deps } from '../../module.js';
import { hashSecret, newSecret } from '../auth/secrets.js';
import { invalidParam, uniqueId } from '../http/params.js';
import { accountErrors } from './errors.js';
import { appwriteTime } from './models.js';
import { invitationsStore, type InvitationRow } from './invitations.store.js';

/** What a new invitation may be: 1 to 1,000 sign-ups, for 1 hour to 1 year (default: one sign-up within 7 days). */
export const INVITATION_LIMITS = { maxUses: 1000, maxHours: 24 * 365, defaultHours: 24 * 7 };
/** The web app's page an invitation link opens: it reads `invitation` and offers the sign-up. */
export const JOIN_PATH = '/join';

/** The Invitation model of the admin routes; `link` only when it was just made (the secret is not kept). */
export function invitationModel(row: InvitationRow, nowMs: number, link?: string) {
  const state = row.used >= row.max_uses ? 'used' : row.expire.getTime() <= nowMs ? 'expired' : 'active';
  return {
    $id: row.id,
    $createdAt: appwriteTime(row.created_at),
    expire: appwriteTime(row.expire),
    maxUses: row.max_uses,
    used: row.used,
    createdBy: row.created_by ?? '',
    state,
    ...(link === undefined ? {} : { link }),
  };
}

/** Reads `maxUses` and `hours` of a new invitation; a bad value is 400 general_argument_invalid naming it. */
export function invitationParams(body: Record<string, unknown>): { maxUses: number; hours: number } {
  const int = (name: string, fallback: number, max: number) => {
    const v = body[name] ?? fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) throw invalidParam(name, `Value must be a whole number from 1 to ${max}`);
    return v;
  };
  return { maxUses: int('maxUses', 1, INVITATION_LIMITS.maxUses), hours: int('hours', INVITATION_LIMITS.defaultHours, INVITATION_LIMITS.maxHours) };
}

/**
 * Whether a new account may be made without an invitation, by any way that
 * makes one (sign-up, a mailed sign-in for an unknown email, an anonymous
 * session, a first sign-in through a provider); throws the refusal otherwise.
 */
export function refuseUninvited(config: Pick<Config, 'SIGNUPS'>): void {
  if (config.SIGNUPS === 'closed') throw accountErrors.signUpsClosed();
  if (config.SIGNUPS === 'invite') throw accountErrors.invitationRequired();
}

export type Invitations = ReturnType<typeof createInvitations>;

export function createInvitations(deps: Deps) {
  const store = invitationsStore(deps.db);
  return {
    store,
    async create(input: { maxUses: number; hours: number; createdBy: string | null }, origin: string) {
      const now = deps.now();
      const secret = newSecret();
      const row = await store.insert({
        id: uniqueId(now),
        secretHash: hashSecret(secret),
        maxUses: input.maxUses,
        expire: new Date(now + input.hours * 3_600_000),
        createdBy: input.createdBy,
        at: new Date(now),
      });
      const link = new URL(JOIN_PATH, origin);
      link.searchParams.set('invitation', secret);
      return invitationModel(row, now, link.toString());
    },

    /**
     * Takes one use of the invitation `secret`, runs `signUp`, and gives the
     * use back when it fails. An unknown (forged) secret, an expired or a
     * used-up invitation is refused, each with its own error.
     */
    async redeem<T>(secret: unknown, signUp: () => Promise<T>): Promise<T> {
      if (typeof secret !== 'string' || secret === '') throw accountErrors.invitationRequired();
      const hash = hashSecret(secret);
      const at = new Date(deps.now());
      const taken = await store.take(hash, at);
      if (!taken) {
        const row = await store.bySecret(hash);
        if (!row) throw accountErrors.invitationInvalid();
        throw row.used >= row.max_uses ? accountErrors.invitationUsedUp() : accountErrors.invitationExpired();
      }
      try {
        return await signUp();
      } catch (err) {
        await store.giveBack(taken.id);
        throw err;
      }
    },
  };
}
