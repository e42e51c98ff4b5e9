import type { Config } from '../../config.js';
import type { Deps } from '../../module.js';
import { hashSecret, newSecret } from '../auth/secrets.js';
import { invalidParam, uniqueId } from '../http/params.js';
import { accountErrors } from './errors.js';
import { appwriteTime } from './models.js';
import { adminStore } from './admin.store.js';
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
 * Whether an account may be made where no invitation can come along (an
 * anonymous session); throws the refusal otherwise. The ways that can carry
 * one go through `admit` / `admitHashed`.
 */
export function refuseUninvited(config: Pick<Config, 'SIGNUPS'>): void {
  if (config.SIGNUPS === 'closed') throw accountErrors.signUpsClosed();
  if (config.SIGNUPS === 'invite') throw accountErrors.invitationRequired();
}

/**
 * The invitation a request carries, as the hash of its secret: null when it
 * carries none; an empty or non-string one is refused (an invitation is needed).
 */
export function invitationHash(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value === '') throw accountErrors.invitationRequired();
  return hashSecret(value);
}

export type Invitations = ReturnType<typeof createInvitations>;

export function createInvitations(deps: Deps) {
  const store = invitationsStore(deps.db);
  const admins = adminStore(deps.db);

  /** Takes one use of the invitation whose secret hashes to `hash`, runs `signUp`, and gives the use back when it fails. */
  async function redeemHash<T>(hash: string, signUp: () => Promise<T>): Promise<T> {
    const taken = await store.take(hash, new Date(deps.now()));
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
  }

  /**
   * Makes a new account by `create` as SIGNUPS allows, whichever way makes it
   * (sign-up, a first sign-in through a provider, a mailed sign-in for an
   * unknown email): closed refuses; open makes it; invite spends one use of
   * the invitation (`hash`, from invitationHash), except for the first account
   * of a fresh server, which needs none and becomes its administrator.
   */
  async function admitHashed<T>(hash: string | null, create: () => Promise<T>): Promise<T> {
    if (deps.config.SIGNUPS === 'closed') throw accountErrors.signUpsClosed();
    if (deps.config.SIGNUPS === 'open') return create();
    if (hash !== null) return redeemHash(hash, create);
    if (await admins.claimed()) throw accountErrors.invitationRequired();
    return create();
  }

  return {
    store,
    admitHashed,
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

    /** admitHashed with the invitation a request's body carries (its `invitation`, the secret of the link). */
    admit<T>(invitation: unknown, create: () => Promise<T>): Promise<T> {
      return admitHashed(deps.config.SIGNUPS === 'invite' ? invitationHash(invitation) : null, create);
    },
  };
}
