// A generated music folder of small tagged MP3 files, for the scan benchmark.
// One template (1 s of a tone, encoded once with ffmpeg) gets a fresh ID3v2.3
// tag per file (title, artist, album, track number), so every file has its own
// bytes (its own fingerprint) and 100,000 files take seconds, not hours of ffmpeg.
// Layout: Artist NNNN/Album NNNNN/NN Title.mp3, ten songs per album, five albums
// per artist. The tree is kept under the temp folder, keyed by its size.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSION = 1;
const PER_ALBUM = 10;
const ALBUMS_PER_ARTIST = 5;

function template(dir) {
  const file = join(dir, 'template.mp3');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '1', '-ar', '16000',
      '-c:a', 'libmp3lame', '-b:a', '16k', '-map_metadata', '-1', '-id3v2_version', '0', '-write_xing', '1', file]);
  }
  return readFileSync(file);
}

const syncsafe = (n) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

function textFrame(id, text) {
  const body = Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const head = Buffer.alloc(10);
  head.write(id, 0, 'latin1');
  head.writeUInt32BE(body.length, 4);
  return Buffer.concat([head, body]);
}

function id3(tags) {
  const frames = Buffer.concat(Object.entries(tags).map(([id, text]) => textFrame(id, text)));
  return Buffer.concat([Buffer.from('ID3\x03\x00\x00', 'latin1'), syncsafe(frames.length), frames]);
}

const WORDS = 'love night heart dream fire rain summer light dance time world river sky star moon blue gold wild free home road city ocean storm shadow angel midnight morning winter spring silver paper glass echo'.split(' ');
const word = (i, salt) => WORDS[(i * 7919 + salt * 104729) % WORDS.length];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** The folder of `files` generated songs (made once, then reused). */
export function taggedLibrary(files) {
  const root = join(tmpdir(), `lyra-bench-library-v${VERSION}-${files}`);
  const music = join(root, 'music');
  if (existsSync(join(root, 'complete'))) return music;
  rmSync(root, { recursive: true, force: true });
  const audio = template(join(tmpdir(), `lyra-bench-library-v${VERSION}-template`));
  for (let i = 0; i < files; i++) {
    const album = Math.floor(i / PER_ALBUM);
    const artist = Math.floor(album / ALBUMS_PER_ARTIST);
    const n = (i % PER_ALBUM) + 1;
    const artistName = `${cap(word(artist, 1))} ${cap(word(artist, 2))} ${artist}`;
    const albumName = `${cap(word(album, 3))} ${cap(word(album, 4))} ${album}`;
    const title = `${cap(word(i, 5))} ${word(i, 6)} ${i}`;
    const dir = join(music, `Artist ${String(artist).padStart(4, '0')}`, `Album ${String(album).padStart(5, '0')}`);
    if (n === 1) mkdirSync(dir, { recursive: true });
    const tag = id3({ TIT2: title, TPE1: artistName, TALB: albumName, TRCK: String(n), TYER: String(1970 + (album % 50)) });
    writeFileSync(join(dir, `${String(n).padStart(2, '0')} ${title}.mp3`), Buffer.concat([tag, audio]));
  }
  writeFileSync(join(root, 'complete'), String(files));
  return music;
}
