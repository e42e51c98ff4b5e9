import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { makeTrack } from '../test/factory.js';

/** catalogue_words follows every insert, retag and removal of tracks (migration 0201). */
describe.each(ENGINES)('catalogue word counts (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
  });
  afterAll(() => t.drop());

  const counts = async (...words: string[]) =>
    Object.fromEntries(
      (
        await t.db.query<{ word: string; tracks: number }>(
          'select word, tracks from catalogue_words where word = any($1::text[]) order by word',
          [words],
        )
      ).map((r) => [r.word, r.tracks]),
    );

  it('counts the tracks holding each word, once per track', async () => {
    const a = await makeTrack(t.db, { title: 'Love Love Love', artists: ['Mira'], album: 'Hearts' });
    await makeTrack(t.db, { title: 'Lovely Day', artists: ['Mira'], album: 'Hearts' });
    expect(await counts('love', 'lovely', 'mira', 'hearts', 'day')).toEqual({ love: 1, lovely: 1, mira: 2, hearts: 2, day: 1 });

    // a retag moves the counts; words nobody uses any more disappear
    await t.db.query(`update tracks set search_tsv = to_tsvector('simple', 'hate mira hearts') where id = $1`, [a]);
    expect(await counts('love', 'hate', 'mira')).toEqual({ hate: 1, mira: 2 });

    await t.db.query('delete from tracks where id = $1', [a]);
    expect(await counts('hate', 'mira', 'hearts', 'lovely')).toEqual({ mira: 1, hearts: 1, lovely: 1 });
  });

  it('survives an upsert that both inserts and updates', async () => {
    await t.db.query(
      `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, search_text, search_tsv)
       values ('u1', 'u1', 1, 0, 'u1', 'x', 'x', 'echo', to_tsvector('simple', 'echo')),
              ('u2', 'u2', 1, 0, 'u2', 'x', 'x', 'echo', to_tsvector('simple', 'echo'))`,
    );
    await t.db.query(
      `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, search_text, search_tsv)
       values ('u2', 'u2', 1, 0, 'u2', 'x', 'x', 'delta', to_tsvector('simple', 'delta')),
              ('u3', 'u3', 1, 0, 'u3', 'x', 'x', 'echo', to_tsvector('simple', 'echo'))
       on conflict (id) do update set search_tsv = excluded.search_tsv`,
    );
    expect(await counts('echo', 'delta')).toEqual({ echo: 2, delta: 1 });
  });
});
