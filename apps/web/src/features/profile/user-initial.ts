import type { StoredUser } from '../../shared/lib/stored-user.js';

/** The letter in the avatar circle (SPEC#profile-signed, SPEC#chrome-top-bar): the name's first letter, else the email's. */
export const userInitial = (user: StoredUser): string =>
  (Array.from(user.name.trim())[0] ?? Array.from(user.email?.trim() ?? '')[0] ?? '?').toUpperCase();
