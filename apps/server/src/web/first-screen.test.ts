import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { HomeRows } from '@lyra/contracts/catalogue';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { regenerateCuratedPlaylists } from '../catalogue/module.js';
import { seedLibrary, type TestLibrary } from '../catalogue/test/library.js';
import { loadConfig } from '../config.js';
import type { Logger } from '../log.js';
import { silentLogger } from '../log.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';
import { clientConfig } from './client-config.js';
import { catalogueLacks, FIRST_SCREEN_TIMEOUT_MS, RENDERER_PATH, withFirstScreen, type FirstScreenCatalogue, type FirstScreenRenderer } from './first-screen.js';

const SHELL =
  '<!doctype html><html><head><title>Lyra Music</title></head><body>' +
  '<div id="root"><!--first-screen--><header>Lyra</header><main><h1 id="boot-greeting"></h1><!--home-rows--></main><!--/first-screen--></div>' +
  '</body></html>';
const ORIGIN = 'http://music.example:8080';
const CONFIG = clientConfig(loadConfig({ DATA_DIR: '/tmp/unused' }));

const renderer: FirstScreenRenderer = {
  homeRowsHtml: (rows) => `<link rel="preload" as="image" href="/c.jpg"/><section data-rows="${(rows as HomeRows).rows.length}"></section>`,
  playerHtml: (song) => `<div class="player">${(song as { name: string }).name}</div>`,
};
const NEVER = () => new Promise<never>(() => {});
/** A catalogue whose reads are those given, each of the others failing the test if it is asked. */
const catalogueOf = (reads: Partial<FirstScreenCatalogue>): FirstScreenCatalogue => ({
  homeRows: vi.fn(reads.homeRows ?? (() => Promise.reject(new Error('homeRows asked')))),
  songs: vi.fn(reads.songs ?? (() => Promise.reject(new Error('songs asked')))),
  lacks: vi.fn(reads.lacks ?? (() => Promise.reject(new Error('lacks asked')))),
});
const options = (catalogue: FirstScreenCatalogue, log: Logger = silentLogger) => ({ renderer, catalogue, config: CONFIG, log });

describe('the first screen in the page (withFirstScreen)', () => {
  afterEach(() => vi.useRealTimers());

  it('puts Home rows after the greeting, marks #root and moves the preloads into <head>', async () => {
    const catalogue = catalogueOf({ homeRows: async () => ({ featuredSongId: null, rows: [{}, {}] }) });
    const page = await withFirstScreen(SHELL, '/', ORIGIN, options(catalogue));
    expect(catalogue.homeRows).toHaveBeenCalledWith(ORIGIN);
    expect(page).toContain('<link rel="preload" as="image" href="/c.jpg"/></head>');
    expect(page).toContain('<div id="root" data-first-screen="home"><!--first-screen--><header>Lyra</header>');
    expect(page).toContain('<h1 id="boot-greeting"></h1><section data-rows="2"></section></main>');
  });

  it("replaces the shell with the player for a shared song, asking for the song by its id", async () => {
    const catalogue = catalogueOf({ songs: async () => [{ name: 'Elvish Theme' }] });
    const page = await withFirstScreen(SHELL, '/player/a%2Fb%20c', ORIGIN, options(catalogue));
    expect(catalogue.songs).toHaveBeenCalledWith(['a/b c'], ORIGIN);
    expect(page).toContain('<div id="root" data-first-screen="player"><div class="player">Elvish Theme</div></div>');
    expect(page).not.toContain('<header>Lyra</header>');
  });

  it('inserts a title with `$&` or `$\'` as text, not as a replacement pattern', async () => {
    const page = await withFirstScreen(SHELL, '/player/x', ORIGIN, options(catalogueOf({ songs: async () => [{ name: "Cash $& Carry $' $1" }] })));
    expect(page).toContain(`<div class="player">Cash $& Carry $' $1</div>`);
  });

  it.each([
    ['no such song', async () => []],
    ['a failure', () => Promise.reject(new Error('database down'))],
  ])('sends the page as built when the catalogue answers %s', async (_, songs: () => Promise<unknown[]>) => {
    expect(await withFirstScreen(SHELL, '/player/x', ORIGIN, options(catalogueOf({ songs })))).toBe(SHELL);
  });

  it('does not wait more than FIRST_SCREEN_TIMEOUT_MS for the catalogue', async () => {
    vi.useFakeTimers();
    const page = withFirstScreen(SHELL, '/', ORIGIN, options(catalogueOf({ homeRows: NEVER })));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_TIMEOUT_MS);
    expect(await page).toBe(SHELL);
  });

  it('logs a renderer that throws and sends the page as built', async () => {
    const errors: unknown[] = [];
    const log = { ...silentLogger, error: (msg: string, fields?: unknown) => errors.push([msg, fields]) };
    const broken = { ...renderer, homeRowsHtml: () => { throw new Error('render failed'); } };
    const page = await withFirstScreen(SHELL, '/', ORIGIN, { renderer: broken, catalogue: catalogueOf({ homeRows: async () => ({ rows: [] }) }), config: CONFIG, log });
    expect(page).toBe(SHELL);
    expect(errors).toHaveLength(1);
  });

  it.each(['/search', '/player', '/player/', '/player/a/b', '/player/%E0%A4%A', '/album/x'])('leaves %s as built without asking the catalogue', async (path) => {
    const catalogue = catalogueOf({});
    expect(await withFirstScreen(SHELL, path, ORIGIN, options(catalogue))).toBe(SHELL);
    expect(catalogue.homeRows).not.toHaveBeenCalled();
    expect(catalogue.songs).not.toHaveBeenCalled();
  });
});

describe('an album or artist the catalogue lacks (catalogueLacks)', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for the album or the artist of the address', async () => {
    const catalogue = catalogueOf({ lacks: async () => true });
    expect(await catalogueLacks(catalogue, '/album/a%2Fb')).toBe(true);
    expect(await catalogueLacks(catalogue, '/artist/%E6%9D%B1')).toBe(true);
    expect(vi.mocked(catalogue.lacks).mock.calls).toEqual([['album', 'a/b'], ['artist', '東']]);
    expect(await catalogueLacks(catalogueOf({ lacks: async () => false }), '/album/x')).toBe(false);
  });

  it('does not for other addresses, nor when the catalogue is late or fails', async () => {
    const catalogue = catalogueOf({ lacks: async () => true });
    for (const path of ['/', '/player/x', '/playlist/x', '/album/', '/album/x/y']) expect(await catalogueLacks(catalogue, path)).toBe(false);
    expect(catalogue.lacks).not.toHaveBeenCalled();
    expect(await catalogueLacks(catalogueOf({ lacks: () => Promise.reject(new Error('down')) }), '/artist/x')).toBe(false);
    vi.useFakeTimers();
    const late = catalogueLacks(catalogueOf({ lacks: NEVER }), '/artist/x');
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_TIMEOUT_MS);
    expect(await late).toBe(false);
  });
});

/** The web build's own renderer and shell (npm test builds before it tests). */
const WEB_DIR = loadConfig({ DATA_DIR: '/tmp/unused' }).WEB_DIR;

describe.each(ENGINES)('pages with their first screen, from the built web app and the catalogue (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;
  let built: string;
  beforeAll(async () => {
    if (!existsSync(join(WEB_DIR, RENDERER_PATH))) throw new Error(`no ${RENDERER_PATH} in ${WEB_DIR}: run npm run build first`);
    built = await readFile(join(WEB_DIR, 'index.html'), 'utf8');
    t = await createTestApp(engine, { WEB_DIR }, ['catalogue', 'web']);
    lib = await seedLibrary(t.testDb.db);
    await regenerateCuratedPlaylists(t.testDb.db);
  });
  afterAll(() => t?.close());

  const page = async (path: string) => {
    const res = await t.app.request(path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = Buffer.from(await res.arrayBuffer());
    return res.headers.get('content-encoding') === 'br' ? brotliDecompressSync(body).toString() : body.toString();
  };

  it("sends Home with its first row's songs and their covers preloaded", async () => {
    const rows = (await (await t.app.request('/api/home/rows')).json()) as { data: HomeRows };
    const first = rows.data.rows[0]!;
    if (first.kind !== 'songs') throw new Error('the first row holds songs');
    const html = await page('/');
    expect(html).toContain('<div id="root" data-first-screen="home">');
    for (const song of first.songs.slice(0, first.limit)) expect(html).toContain(`data-song-id="${song.id}"`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" as="image" href="${first.songs[0]!.image.at(-1)!.url}"`);
    // Later rows wait for the app (their frames keep the room): no song of them is in the page.
    const later = rows.data.rows.slice(1).flatMap((r) => (r.kind === 'songs' ? r.songs : []));
    const firstIds = new Set(first.songs.map((s) => s.id));
    for (const song of later.filter((s) => !firstIds.has(s.id))) expect(html).not.toContain(`data-song-id="${song.id}"`);
  });

  it("sends a shared song's player with its cover and title", async () => {
    const html = await page(`/player/${lib.elvish}?share=true`);
    expect(html).toContain('<div id="root" data-first-screen="player">');
    expect(html).toContain('alt="Cover of Elvish Theme"');
    expect(html).toContain('>Elvish Theme</h1>');
  });

  it('sends the page as built for an unknown song, any other screen, or index.html itself', async () => {
    expect(await page('/player/no-such-song')).toBe(built);
    expect(await page('/search')).toBe(built);
    expect((await t.app.request('/index.html')).status).toBe(200);
  });

  it("answers an album or artist the catalogue does not have with a 404 (the app's 404 page), a known one with a 200", async () => {
    const [song] = ((await (await t.app.request(`/api/songs/${lib.elvish}`)).json()) as { data: { album: { id: string }; artists: { primary: { id: string }[] } }[] }).data;
    for (const path of ['/album/no-such-album', '/artist/no-such-artist', '/artist/%E6%9D%B1%E4%BA%AC']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(built);
    }
    expect((await t.app.request(`/album/${song!.album.id}`)).status).toBe(200);
    expect((await t.app.request(`/artist/${song!.artists.primary[0]!.id}`)).status).toBe(200);
  });

  it('never serves the renderer itself', async () => {
    const res = await t.app.request(`/${RENDERER_PATH}`);
    expect(res.status).toBe(404);
  });
});

describe.each(ENGINES)('pages when the app asks a mirror first (%s)', (engine) => {
  let t: TestApp;
  let built: string;
  beforeAll(async () => {
    built = await readFile(join(WEB_DIR, 'index.html'), 'utf8');
    t = await createTestApp(engine, { WEB_DIR, CATALOGUE_HOSTS: 'https://mirror.example/api,/api' }, ['catalogue', 'web']);
    await seedLibrary(t.testDb.db);
  });
  afterAll(() => t?.close());

  it('sends Home as built: the app will show what the mirror has, not what this server has', async () => {
    expect(await (await t.app.request('/')).text()).toBe(built);
  });

  it('sends an album this server does not have with a 200: the mirror may have it', async () => {
    expect((await t.app.request('/album/no-such-album')).status).toBe(200);
  });
});
