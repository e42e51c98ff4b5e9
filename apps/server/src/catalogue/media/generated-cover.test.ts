import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Album } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { buildFixtureLibrary } from '../test/fixtures.js';
import { coverDesign, coverOrGenerated, generatedCoverId, matchesTitle, parseGeneratedCoverId, renderGeneratedCover, textLayer } from './generated-cover.js';

describe('generated cover design', () => {
  it('is the same for an album every time, and differs from album to album', () => {
    expect(coverDesign('1234567890')).toEqual(coverDesign('1234567890'));
    const designs = new Set(Array.from({ length: 200 }, (_, i) => JSON.stringify(coverDesign(`album-${i}`))));
    expect(designs.size).toBe(200);
  });

  it('names the album and its title in the cover id', () => {
    const id = generatedCoverId('9352269052', 'Mastered');
    expect(id).toMatch(/^g2-9352269052-[0-9a-f]{8}$/);
    const parsed = parseGeneratedCoverId(id)!;
    expect(parsed.albumId).toBe('9352269052');
    expect(matchesTitle(parsed.hash, 'Mastered')).toBe(true);
    expect(matchesTitle(parsed.hash, 'Mastered (Deluxe)')).toBe(false);
    expect(parseGeneratedCoverId('c0ffee00c0ffee00')).toBeNull();
    expect(coverOrGenerated('c0ffee', 'a1', 'X')).toBe('c0ffee');
    expect(coverOrGenerated(null, 'a1', 'X')).toBe(generatedCoverId('a1', 'X'));
    expect(coverOrGenerated(null, null, null)).toBeNull();
  });

  it('renders a 500 px square with the title set (not a flat colour)', async () => {
    const png = await renderGeneratedCover('a1', 'Harbour Lights', 'Mira Solen');
    const { width, height } = await sharp(png).metadata();
    expect([width, height]).toEqual([500, 500]);
    // Type and pattern make the image far from uniform.
    const { channels } = await sharp(png).stats();
    expect(Math.max(...channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(20);
  });
});

/** Over a scanned library: every album without art gets its own generated cover, served in three sizes. */
describe.each(ENGINES)('generated covers over a scanned library (%s)', (engine) => {
  let t: TestApp;
  let musicDir: string;
  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-gen-covers-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await rm(musicDir, { recursive: true, force: true });
  });

  it('gives every album a cover image different from every other album’s', async () => {
    const ids = await t.testDb.db.query<{ id: string }>('select id from albums order by id');
    expect(ids.length).toBeGreaterThan(1);
    const images: string[] = [];
    for (const { id } of ids) {
      const album = (await getJson<{ data: Album }>(t.app, `/api/albums?id=${id}`)).body.data;
      const url = new URL(album.image[2]!.url);
      expect(url.pathname).not.toContain('/images/default/');
      const res = await t.app.request(url.pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect((await sharp(bytes).metadata()).width).toBe(500);
      images.push(bytes.toString('base64'));
      // Its songs show a cover too (their own art, else the album's).
      for (const song of album.songs ?? []) expect(song.image[2]!.url).not.toContain('/images/default/');
    }
    expect(new Set(images).size).toBe(images.length);
  });

  it('serves the three sizes; a stale or unknown generated cover is a 404', async () => {
    const [row] = await t.testDb.db.query<{ id: string; name: string }>('select id, name from albums where cover_id is null limit 1');
    const { id, name } = row!;
    const cover = generatedCoverId(id!, name!);
    for (const size of [50, 150, 500]) {
      const res = await t.app.request(`/images/${cover}/${size}.jpg`);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(size);
    }
    expect((await t.app.request(`/images/${generatedCoverId(id!, `${name} (old title)`)}/150.jpg`)).status).toBe(404);
    expect((await t.app.request(`/images/${generatedCoverId('0000000000', 'Nope')}/150.jpg`)).status).toBe(404);
  });

  it('gives a playlist with no art anywhere a cover made with its name, at a new address once renamed', async () => {
    const db = t.testDb.db;
    const [song] = await db.query<{ id: string; album_id: string }>('select id, album_id from tracks where cover_id is not null order by id limit 1');
    await db.query(`insert into playlists (id, name, norm_name, source) values ('7000000001', 'Late Night Drive', 'late night drive', 'curated')`);
    await db.query(`insert into playlist_tracks (playlist_id, position, track_id) values ('7000000001', 0, $1)`, [song!.id]);
    const imageOf = async () => {
      const playlist = (await getJson<{ data: { image: { url: string }[] } }>(t.app, '/api/playlists?id=7000000001')).body.data;
      return new URL(playlist.image[2]!.url).pathname;
    };
    // Its first song's art, while there is some.
    const [art] = await db.query<{ cover_id: string }>('select cover_id from tracks where id = $1', [song!.id]);
    expect(await imageOf()).toBe(`/images/${art!.cover_id}/500.jpg`);
    // No art anywhere: a cover of its own, with its name (not its song's album's generated one, nor the logo).
    await db.query('update tracks set cover_id = null where id = $1', [song!.id]);
    await db.query('update albums set cover_id = null where id = $1', [song!.album_id]);
    const own = await imageOf();
    expect(own).toBe(`/images/${generatedCoverId('7000000001', 'Late Night Drive')}/500.jpg`);
    const res = await t.app.request(own);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(500);
    // Renamed: a new address; the old one is gone.
    await db.query(`update playlists set name = 'Early Morning Drive', norm_name = 'early morning drive' where id = '7000000001'`);
    expect(await imageOf()).toBe(`/images/${generatedCoverId('7000000001', 'Early Morning Drive')}/500.jpg`);
    expect((await t.app.request(`/images/${generatedCoverId('7000000001', 'Late Night Drive')}/150.jpg`)).status).toBe(404);
  });
});

/**
 * Where a text layer has ink (alpha above a quarter): its box, how many pixels, and whether each edge
 * of the box is inked along nine tenths of its length (a frame, as Pango's missing-glyph box is).
 */
async function ink(png: Buffer): Promise<{ width: number; height: number; pixels: number; framed: boolean }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const on = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]! > 64;
  let [left, top, right, bottom, pixels] = [info.width, info.height, -1, -1, 0];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (!on(x, y)) continue;
      pixels++;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  const share = (n: number, at: (i: number) => boolean) => Array.from({ length: n }, (_, i) => at(i)).filter(Boolean).length / n;
  const [width, height] = [right - left + 1, bottom - top + 1];
  const framed =
    pixels > 0 &&
    Math.min(
      share(width, (i) => on(left + i, top)),
      share(width, (i) => on(left + i, bottom)),
      share(height, (i) => on(left, top + i)),
      share(height, (i) => on(right, top + i)),
    ) >= 0.9;
  return { width, height, pixels, framed };
}

describe('generated covers in every script', () => {
  const size = 65;
  const glyph = async (text: string) => ink(await textLayer(text, size, 400, 1));
  // No shipped font has these: Pango draws its missing-glyph box (the code point in hex inside a frame),
  // four hex digits wide for the Basic Multilingual Plane, five beyond it.
  const boxes = async () => ({ bmp: await glyph('\u0378'), astral: await glyph('\u{F0000}') });
  type Ink = Awaited<ReturnType<typeof ink>>;
  const isBox = (g: Ink, box: Ink) => g.framed && Math.abs(g.width - box.width) <= 1 && Math.abs(g.height - box.height) <= 1;

  const titles = {
    CJK: '夜に駆ける 수록곡 水调歌头 龍',
    Arabic: 'سماعي بياتي',
    emoji: 'Road Trip 🎵🚗🔥❤️',
    'Cyrillic and Greek': 'Кино Ελλάδα',
    Indic: 'తెలుగు हिन्दी தமிழ்',
  };

  it.each(Object.entries(titles))('draws every character of a %s title with a real glyph, never the missing-glyph box', async (_, title) => {
    const box = await boxes();
    expect(box.bmp.framed && box.astral.framed).toBe(true);
    const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(title)].map((s) => s.segment).filter((g) => g.trim() !== '');
    for (const g of graphemes) {
      const drawn = await glyph(g);
      expect(drawn.pixels, `ink of ${g}`).toBeGreaterThan(20);
      expect(isBox(drawn, (g.codePointAt(0) ?? 0) > 0xffff ? box.astral : box.bmp), `${g} (U+${g.codePointAt(0)!.toString(16)}) is a box`).toBe(false);
    }
  });

  it('renders the whole cover for such titles', async () => {
    for (const title of Object.values(titles)) {
      const png = await renderGeneratedCover('a-script', title, 'Artist');
      expect((await sharp(png).metadata()).width).toBe(500);
    }
  });
});
