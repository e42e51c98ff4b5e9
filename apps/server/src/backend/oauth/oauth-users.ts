import type { Db } from '../../db/db.js';
import { identitiesStore } from '../accounts/identities.store.js';
import { usersStore, type UserRow } from '../accounts/users.store.js';
import { AppwriteError } from '../http/errors.js';
import { uniqueId } from '../http/params.js';

/** What a provider told us about the person who signed in. */
export interface ProviderProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/**
 * The user behind a provider identity. In order: the user already linked to
 * (provider, sub); else the user whose email the provider has VERIFIED (the
 * identity is linked and the email counts as verified from now on); else a
 * new user, made through `admitNew` (which may refuse it: sign-ups closed, or
 * by invitation, which it spends). An unverified email that belongs to someone else is refused:
 * linking on it would let anyone who can type that address into a provider
 * take the account over.
 */
export async function userForProfile(
  db: Db,
  provider: string,
  p: ProviderProfile,
  nowMs: number,
  { admitNew = (create) => create() }: { admitNew?: (create: () => Promise<UserRow>) => Promise<UserRow> } = {},
): Promise<UserRow> {
  const at = new Date(nowMs);
  const email = p.email?.toLowerCase() ?? '';
  const known = await db.transaction(async (tx) => {
    const users = usersStore(tx);
    const identities = identitiesStore(tx);
    const identity = await identities.find(provider, p.sub);
    if (identity) {
      await identities.touch(identity.id, email, at);
      const user = await users.byId(identity.user_id);
      if (user) return user;
    }

    let user = email ? await users.byEmail(email) : null;
    if (!user) return null;
    if (!p.emailVerified) {
      throw new AppwriteError(
        409,
        'user_already_exists',
        'A user with the same email already exists, and the provider has not verified this email. Sign in with your password.',
      );
    }
    if (!user.email_verification) user = (await users.update(user.id, at, { emailVerification: true })) ?? user;
    await identities.insert({ id: uniqueId(nowMs), userId: user.id, provider, providerUid: p.sub, email, at });
    return user;
  });
  if (known) return known;
  // Its own transaction, after the invitation's use is taken (and given back if this fails).
  return admitNew(() =>
    db.transaction(async (tx) => {
      const user = await usersStore(tx).insert({
        id: uniqueId(nowMs),
        email: email || null,
        name: p.name.slice(0, 128),
        passwordHash: null,
        emailVerification: Boolean(email) && p.emailVerified,
        at,
      });
      if (!user) throw new AppwriteError(409, 'user_already_exists', 'A user with the same id, email, or phone already exists in this project.');
      await identitiesStore(tx).insert({ id: uniqueId(nowMs), userId: user.id, provider, providerUid: p.sub, email, at });
      return user;
    }),
  );
}
