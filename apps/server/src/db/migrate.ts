import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

/** Plain-SQL migrations live in apps/server/migrations/<module>/NNNN-name.sql. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/**
 * Applies the module's migrations that have not run yet, in file-name order,
 * each in its own transaction. An advisory lock makes concurrent server
 * instances on one PostgreSQL wait for each other instead of racing.
 */
export async function migrate(db: Db, module: string, dir = MIGRATIONS_DIR + module): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  // Names recorded already are final: only the others need the lock and a transaction each.
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations where starts_with(name, $1)', [`${module}/`])).map((r) => r.name),
  );
  for (const file of files) {
    const name = `${module}/${file}`;
    if (done.has(name)) continue;
    const text = await readFile(`${dir}/${file}`, 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('lyra-migrations'))");
      const done = await tx.query('select 1 from schema_migrations where name = $1', [name]);
      if (done.length > 0) return false;
      await tx.exec(text);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
