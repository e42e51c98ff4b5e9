import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db.js';

/**
 * Keys the server makes once and keeps in the database, so every instance
 * sharing it agrees (the JWT signing key). The first instance to ask creates
 * the key; a concurrent creator loses the insert and reads the winner's.
 */
export async function serverKey(db: Queryable, name: string, at: Date): Promise<Buffer> {
  await db.query('insert into server_keys (name, value, created_at) values ($1, $2, $3) on conflict (name) do nothing', [
    name,
    randomBytes(32).toString('base64'),
    at,
  ]);
  const [row] = await db.query<{ value: string }>('select value from server_keys where name = $1', [name]);
  return Buffer.from(row!.value, 'base64');
}
