import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { INT8_OID, NUMERIC_OID, type Db, type Queryable } from './db.js';

/** PGlite can also dump its data folder (tests start from a migrated template). */
export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
}

const parsers = { [INT8_OID]: Number, [NUMERIC_OID]: Number };

/**
 * Opens PGlite in `dataDir` (created on first use), or in memory when
 * `dataDir` is undefined. `loadDataDir` starts from a dumped data folder
 * (tests use it to skip initdb and migrations).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PgliteDb> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
    parsers,
  });
  const query: Queryable['query'] = async (text, params) =>
    (await pg.query(text, params ? [...params] : [])).rows as never;
  return {
    engine: 'pglite',
    query,
    async exec(text) {
      await pg.exec(text);
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: async (text, params) => (await tx.query(text, params ? [...params] : [])).rows as never,
          exec: async (text) => void (await tx.exec(text)),
        }),
      ),
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    async notify(channel, payload) {
      await pg.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}
