import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { createTableStats } from './table-stats.js';

/** A database that reports `tracks` rows in its statistics and records each ANALYZE. */
function fakeDb(reltuples: number) {
  const analyzed: string[] = [];
  const db = {
    query: async () => [{ n: reltuples }],
    exec: async (text: string) => void analyzed.push(text),
  } as unknown as Db;
  return { db, analyzed };
}

describe('table statistics during a scan', () => {
  it('refreshes them each time the songs written reach the catalogue size, from 1,024 songs', async () => {
    const { db, analyzed } = fakeDb(0);
    const stats = await createTableStats(db);
    const refreshedAt: number[] = [];
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const before = analyzed.length;
      await stats.written(256);
      total += 256;
      if (analyzed.length > before) refreshedAt.push(total);
    }
    // 25,600 songs: refreshed at 1,024, then at each doubling.
    expect(refreshedAt).toEqual([1_024, 2_048, 4_096, 8_192, 16_384]);
    expect(analyzed[0]).toMatch(/^analyze .*\btracks\b.*\btrack_artists\b.*\bscan_seen\b/);
  });

  it('counts a catalogue already there: a small rescan of a large library refreshes nothing', async () => {
    const { db, analyzed } = fakeDb(100_000);
    const stats = await createTableStats(db);
    await stats.written(5_000);
    expect(analyzed).toEqual([]);
    await stats.written(95_000);
    expect(analyzed).toHaveLength(1);
  });

  it('refreshes the search columns of the songs only when it settles, once, after refreshes during the scan', async () => {
    const { db, analyzed } = fakeDb(0);
    const stats = await createTableStats(db);
    await stats.written(1_024);
    expect(analyzed).toEqual([expect.stringMatching(/^analyze tracks \(id, path, dir, fingerprint, album_id, scanned_at, cover_id\), track_artists,/)]);
    await stats.settle();
    expect(analyzed[1]).toBe('analyze tracks, track_artists, albums, artists, scan_seen, catalogue_words');
    await stats.settle();
    expect(analyzed).toHaveLength(2);
  });

  it('settles what was written since the last refresh, and nothing when nothing was', async () => {
    const { db, analyzed } = fakeDb(0);
    const stats = await createTableStats(db);
    await stats.settle();
    expect(analyzed).toHaveLength(0);
    await stats.written(10);
    await stats.settle();
    expect(analyzed).toHaveLength(1);
    await stats.settle();
    expect(analyzed).toHaveLength(1);
  });
});
