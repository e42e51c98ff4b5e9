import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { DEFAULT_HOME_ROWS, loadHomeRows } from './home-rows-config.js';

describe('home rows configuration', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-home-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('uses the defaults when no file exists: the SPEC rows, sizes and order', () => {
    const config = loadHomeRows({ DATA_DIR: dir, HOME_ROWS: undefined });
    expect(config.file).toBeNull();
    expect(config.featuredSongId).toBeNull();
    expect(config.rows.map((r) => [r.title, r.limit])).toEqual([
      ['Top Hits', 5],
      ['English hots', 10],
      ['Most Searched', 10],
      ['{name} Hits', 10],
      ['{name} Hits', 10],
      ['Quick Picks', 15],
      ['Made for You', 14],
      ['Playlists', 14],
    ]);
    expect(DEFAULT_HOME_ROWS.every((r) => r.sources.length > 0)).toBe(true);
  });

  it('reads DATA_DIR/home-rows.json, filling defaults per row', async () => {
    await writeFile(
      join(dir, 'home-rows.json'),
      JSON.stringify({
        featuredSongId: 'Xk3pQ9aB',
        rows: [{ id: 'tollywood', title: 'Tollywood Hits', kind: 'songs', sources: [{ type: 'language', language: 'telugu' }] }],
      }),
    );
    const config = loadHomeRows({ DATA_DIR: dir, HOME_ROWS: undefined });
    expect(config.featuredSongId).toBe('Xk3pQ9aB');
    expect(config.rows).toEqual([
      { id: 'tollywood', title: 'Tollywood Hits', kind: 'songs', layout: 'row', limit: 10, sources: [{ type: 'language', language: 'telugu' }] },
    ]);
  });

  it('keeps the default rows when the file only sets the featured song', async () => {
    const file = join(dir, 'mine.json');
    await writeFile(file, '{"featuredSongId": "abc123"}');
    const config = loadHomeRows({ DATA_DIR: dir, HOME_ROWS: file });
    expect(config).toMatchObject({ featuredSongId: 'abc123', file });
    expect(config.rows).toEqual(DEFAULT_HOME_ROWS);
  });

  it('stops start-up with one line naming the file and the problem', async () => {
    const file = join(dir, 'home-rows.json');
    const cases: [string, RegExp][] = [
      ['{not json', /^Invalid home rows file .*home-rows\.json: /],
      ['{"rows": [{"id": "x", "title": "X", "kind": "songs", "sources": []}]}', /home-rows\.json at rows\.0\.sources: /],
      ['{"rows": [{"id": "x", "title": "X", "kind": "songs", "limit": 500, "sources": [{"type": "newest"}]}]}', /at rows\.0\.limit/],
      ['{"rowz": []}', /home-rows\.json: /],
      [
        '{"rows": [{"id": "x", "title": "X", "kind": "songs", "sources": [{"type": "newest"}]}, {"id": "x", "title": "Y", "kind": "playlists", "sources": [{"type": "curated"}]}]}',
        /row id "x" is used twice/,
      ],
    ];
    for (const [text, message] of cases) {
      await writeFile(file, text);
      expect(() => loadHomeRows({ DATA_DIR: dir, HOME_ROWS: undefined }), text).toThrow(ConfigError);
      expect(() => loadHomeRows({ DATA_DIR: dir, HOME_ROWS: undefined }), text).toThrow(message);
    }
    expect(() => loadHomeRows({ DATA_DIR: dir, HOME_ROWS: join(dir, 'missing.json') })).toThrow(/missing\.json: ENOENT/);
  });
});
