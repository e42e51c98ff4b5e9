import type { TestApp } from '../../test/app.js';
import { issueCredentials } from '../credentials.js';
import { loadOrCreateKey, secretBox } from '../secret-box.js';

/** A Subsonic API key for the account with this email on a test app (as `npm run admin -- subsonic credentials` issues). */
export async function subsonicApiKey(t: TestApp, email: string): Promise<string> {
  const box = secretBox(await loadOrCreateKey(t.dataDir));
  return (await issueCredentials(t.testDb.db, box, email, { rotate: false, now: new Date() })).apiKey;
}
