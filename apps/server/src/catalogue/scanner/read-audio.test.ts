import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_READ_MAX_BYTES, MAX_AUDIO_BYTES, readAudioFile, UnreadableFile, ZEROS_MESSAGE } from './read-audio.js';

/** Files no scan may stall on or misreport: a cut-off download, a huge sparse file, a big file without a frame count. */
let dir: string;
const at = (name: string) => join(dir, name);
const size = (name: string) => statSync(at(name)).size;
const tone = (seconds: number, out: string, extra: string[] = []) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '128k', ...extra, at(out)]);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lyra-read-audio-'));
  tone(20, 'whole.mp3');
  tone(20, 'cut.mp3');
  truncateSync(at('cut.mp3'), 16 * 1024); // about 1 s of the 20 s its Info header claims
  tone(5, 'huge.mp3');
  truncateSync(at('huge.mp3'), MAX_AUDIO_BYTES + 1); // sparse: no disk is used
  writeFileSync(at('holes.mp3'), '');
  truncateSync(at('holes.mp3'), Math.floor(1.9 * 1024 ** 3)); // under the limit, all holes
  tone(5, 'no-count.mp3', ['-write_xing', '0']);
  truncateSync(at('no-count.mp3'), FULL_READ_MAX_BYTES + 1024 * 1024); // zeros after the audio, as a damaged copy has
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readAudioFile', () => {
  it('reads a whole MP3 at the duration its header gives', async () => {
    const a = await readAudioFile(at('whole.mp3'), size('whole.mp3'));
    expect(a.format.durationS).toBeCloseTo(20, 0);
  });

  it('reads a small file whose size changed since it was statted as a large file is read, with the same tags and duration', async () => {
    const bytes = size('whole.mp3');
    const honest = await readAudioFile(at('whole.mp3'), bytes);
    for (const statted of [bytes - 100, bytes + 100]) {
      const a = await readAudioFile(at('whole.mp3'), statted);
      expect(a.tags).toEqual(honest.tags);
      expect(a.format.durationS).toBeCloseTo(honest.format.durationS!, 0);
    }
  });

  it('gives a cut-off MP3 the duration of the audio it holds, not the 20 s its header claims', async () => {
    const a = await readAudioFile(at('cut.mp3'), size('cut.mp3'));
    expect(a.format.durationS).toBeGreaterThan(0.5);
    expect(a.format.durationS).toBeLessThan(1.5);
  });

  it('reports a file over the size limit as unreadable without reading it', async () => {
    const read = readAudioFile(at('huge.mp3'), size('huge.mp3'));
    await expect(read).rejects.toBeInstanceOf(UnreadableFile);
    await expect(read).rejects.toThrow(/too large for a song/);
  });

  it('reports a 1.9 GiB file of nothing but holes as unreadable without searching it for a frame', async () => {
    const read = readAudioFile(at('holes.mp3'), size('holes.mp3'));
    await expect(read).rejects.toBeInstanceOf(UnreadableFile);
    await expect(read).rejects.toThrow(ZEROS_MESSAGE);
  });

  it('estimates the duration of a big file without a frame count from its bitrate instead of reading it whole', async () => {
    const bytes = size('no-count.mp3');
    const a = await readAudioFile(at('no-count.mp3'), bytes);
    expect(a.format.durationS).toBeCloseTo((bytes * 8) / 128_000, 0);
  });
});
