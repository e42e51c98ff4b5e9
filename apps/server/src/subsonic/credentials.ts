import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.js';
import { hashSecret, usersStore } from '../backend/module.js';
import { credentialsStore } from './credentials.store.js';
import type { SecretBox } from './secret-box.js';

/** What `npm run admin -- subsonic credentials <email>` prints. */
export interface IssuedCredentials {
  username: string;
  password: string;
  apiKey: string;
}

export class CredentialsError extends Error {
  override name = 'CredentialsError';
}

/** 24 characters a phone keyboard can type: letters and digits, ~143 bits. */
export function newAppPassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(48);
  let out = '';
  for (const b of bytes) {
    if (b >= 228) continue; // 228 = 4 × 57: keeps the choice uniform
    out += alphabet[b % alphabet.length];
    if (out.length === 24) break;
  }
  return out.length === 24 ? out : newAppPassword();
}

export const newApiKey = () => `lyra_${randomBytes(32).toString('base64url')}`;

/**
 * Issues a user's Subsonic credentials: the app password is kept (made on
 * first use, replaced with `rotate`); every call mints a new API key, since
 * only its hash is stored. `rotate` also revokes the user's older keys.
 */
export async function issueCredentials(
  db: Db,
  box: SecretBox,
  email: string,
  opts: { rotate: boolean; now: Date },
): Promise<IssuedCredentials> {
  const user = await usersStore(db).byEmail(email);
  if (!user?.email) throw new CredentialsError(`no account with the email ${email}`);
  const userId = user.id;
  const username = user.email;
  return db.transaction(async (tx) => {
    const store = credentialsStore(tx);
    const sealed = opts.rotate ? null : await store.appPassword(userId);
    let password = sealed == null ? null : box.open(sealed);
    if (password == null) {
      password = newAppPassword();
      await store.setAppPassword(userId, box.seal(password), opts.now);
    }
    if (opts.rotate) await store.removeApiKeys(userId);
    const apiKey = newApiKey();
    await store.addApiKey(userId, hashSecret(apiKey), opts.now);
    return { username, password, apiKey };
  });
}

/** The user's app password, made on first use (the Profile page shows it). */
export async function appPasswordFor(db: Db, box: SecretBox, userId: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const store = credentialsStore(tx);
    const sealed = await store.appPassword(userId);
    const kept = sealed == null ? null : box.open(sealed);
    if (kept != null) return kept;
    const password = newAppPassword();
    await store.setAppPassword(userId, box.seal(password), now);
    return password;
  });
}

/** A new app password for the user; the old one stops working (API keys are kept). */
export async function rotateAppPassword(db: Db, box: SecretBox, userId: string, now: Date): Promise<string> {
  const password = newAppPassword();
  await credentialsStore(db).setAppPassword(userId, box.seal(password), now);
  return password;
}

/** A new API key for the user: returned once, only its hash is kept. */
export async function createApiKey(db: Db, userId: string, now: Date): Promise<{ id: string; apiKey: string }> {
  const apiKey = newApiKey();
  const hash = hashSecret(apiKey);
  await credentialsStore(db).addApiKey(userId, hash, now);
  return { id: hash.slice(0, 16), apiKey };
}
