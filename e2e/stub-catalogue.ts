/**
 * A tiny saavn-shaped catalogue over a music folder, for tests that need a
 * second mirror host: with `down: true` every /api call answers 503 (the
 * mirror fallback of SPEC#product-song-catalogue-data). Audio is the original file, served with Range.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { basename, extname, join } from 'node:path';

const AUDIO = /\.(ogg|oga|mp3|m4a|flac)$/i;
const TIERS = ['12kbps', '48kbps', '96kbps', '160kbps', '320kbps'];

export interface StubCatalogue {
  url: string;
  /** Requests seen, as `METHOD path`. */
  requests: string[];
  songs: { id: string; name: string }[];
  close(): Promise<void>;
}

function listSongs(dir: string): { id: string; name: string; file: string; artist: string }[] {
  const out: { id: string; name: string; file: string; artist: string }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSongs(p));
    else if (AUDIO.test(entry.name)) {
      const id = 'stub' + createHash('sha1').update(p).digest('hex').slice(0, 8);
      const name = basename(entry.name, extname(entry.name)).replace(/[-_]+/g, ' ');
      out.push({ id, name: `Stub ${name}`, file: p, artist: basename(dir) });
    }
  }
  return out;
}

export async function startStubCatalogue(musicDir: string, options: { down?: boolean } = {}): Promise<StubCatalogue> {
  const songs = listSongs(musicDir);
  const requests: string[] = [];
  let base = '';
  const song = (s: (typeof songs)[number]) => ({
    id: s.id,
    name: s.name,
    type: 'song',
    year: null,
    releaseDate: null,
    duration: null,
    label: null,
    explicitContent: false,
    playCount: null,
    language: 'english',
    hasLyrics: false,
    lyricsId: null,
    url: `${base}/song/${s.id}`,
    copyright: null,
    album: { id: null, name: s.artist, url: null },
    artists: { primary: [{ id: 'a1', name: s.artist, role: 'primary_artists', type: 'artist', image: [], url: '' }], featured: [], all: [] },
    image: [],
    downloadUrl: TIERS.map((quality) => ({ quality, url: `${base}/media/${s.id}/${quality.replace('kbps', '')}.mp4` })),
  });

  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    requests.push(`${req.method} ${u.pathname}${u.search}`);
    res.setHeader('access-control-allow-origin', '*');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname.startsWith('/api/')) {
      if (options.down) return json(503, { success: false, message: 'mirror down' });
      const path = u.pathname.slice(4);
      if (path === '/home/rows') {
        return json(200, {
          success: true,
          data: { featuredSongId: null, rows: [{ id: 'stub', title: 'Stub songs', kind: 'songs', layout: 'list', limit: 10, query: null, songs: songs.map(song) }] },
        });
      }
      if (path === '/search/songs') {
        const q = (u.searchParams.get('query') ?? '').toLowerCase();
        const hits = songs.filter((s) => s.name.toLowerCase().includes(q)).map(song);
        return json(200, { success: true, data: { total: hits.length, start: 1, results: hits } });
      }
      const m = /^\/songs\/([^/]+)(\/suggestions)?$/.exec(path);
      if (m) {
        const found = songs.find((s) => s.id === m[1]);
        if (!found) return json(404, { success: false, message: 'song not found' });
        if (m[2]) return json(200, { success: true, data: songs.filter((s) => s.id !== found.id).map(song) });
        return json(200, { success: true, data: [song(found)] });
      }
      return json(404, { success: false, message: 'route not found' });
    }
    const media = /^\/media\/([^/]+)\/\d+\.mp4$/.exec(u.pathname);
    const file = media && songs.find((s) => s.id === media[1])?.file;
    if (!file) return json(404, { success: false, message: 'not found' });
    const size = statSync(file).size;
    const range = /bytes=(\d*)-(\d*)/.exec(req.headers.range ?? '');
    const type = { 'content-type': 'audio/ogg', 'accept-ranges': 'bytes' };
    if (!range) {
      res.writeHead(200, { ...type, 'content-length': size });
      return createReadStream(file).pipe(res);
    }
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    res.writeHead(206, { ...type, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` });
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url: base,
    requests,
    songs: songs.map((s) => ({ id: s.id, name: s.name })),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
