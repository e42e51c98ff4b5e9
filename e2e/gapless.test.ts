/**
 * Gapless playback in Debian Chromium against the built server: two
 * songs cut from one continuous 440 Hz tone, at a point that is not on an AAC
 * frame, play back to back as one unbroken tone. The second song is decoded
 * ahead and started on the audio clock where the first ends; the transcodes
 * carry edit lists, so the encoder's priming and padding are not heard. What
 * the app sends to the speakers is recorded (bench/lib/output-tap.mjs) and the
 * tone is checked for a break.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAP_SCRIPT, measureToneBreak, readTap, recordedSeconds } from '../bench/lib/output-tap.mjs';
import { musicSubset, useServerAndBrowser } from './harness.js';

/**
 * 12 s of tone at 44.1 kHz, cut after this many samples (9.0237 s; AAC frames are 1024). The first
 * song leaves the player 9 s to fetch and decode the second: on a busy machine its first transcode
 * and decoding took longer than a 3 s song, and the element followed on with a break.
 */
const CUT = 397_945;
const HZ = 440;

const rig = useServerAndBrowser(() => {
  const music = musicSubset(0);
  const dir = join(music, 'Gapless Tone');
  mkdirSync(dir);
  const part = (n: number, trim: string) =>
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${HZ}:duration=12:sample_rate=44100`, '-ac', '2',
      '-af', trim, '-c:a', 'flac', '-metadata', `title=Tone Part ${n}`, '-metadata', 'artist=Test Tones',
      '-metadata', 'album=Gapless Tone', '-metadata', `track=${n}`, join(dir, `0${n}.flac`)]);
  part(1, `atrim=end_sample=${CUT}`);
  part(2, `atrim=start_sample=${CUT}`);
  return { musicDir: music };
});

type AlbumSong = { id: string; name: string };
async function toneAlbum(): Promise<{ id: string; songs: AlbumSong[] }> {
  const found = (await (await fetch(`${rig.server.url}/api/search/albums?query=gapless`)).json()) as { data: { results: { id: string }[] } };
  const id = found.data.results[0]!.id;
  const album = (await (await fetch(`${rig.server.url}/api/albums?id=${id}`)).json()) as { data: { songs: AlbumSong[] } };
  return { id, songs: album.data.songs };
}

describe('gapless playback', () => {
  it('the second song follows the first on the audio clock: the tone plays on without a break', async () => {
    const album = await toneAlbum();
    expect(album.songs.map((s) => s.name)).toEqual(['Tone Part 1', 'Tone Part 2']);
    rig.context = await rig.browser.newContext({ viewport: { width: 412, height: 860 }, bypassCSP: true });
    await rig.context.addInitScript(() => localStorage.setItem('loudnessMode', 'off'));
    await rig.context.addInitScript(TAP_SCRIPT);
    const page = await rig.context.newPage();
    await page.goto(`${rig.server.url}/album/${album.id}`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect.poll(() => mini.getByTestId('mini-title').textContent(), { timeout: 60_000 }).toBe('Tone Part 2');
    // A second into the second song (a second more of what the page played), well before it ends and the queue wraps.
    const atSecond = await recordedSeconds(page);
    await expect.poll(() => recordedSeconds(page), { timeout: 30_000 }).toBeGreaterThan(atSecond + 1);
    const { samples, sampleRate } = await readTap(page);
    await page.getByRole('button', { name: 'Pause' }).first().click();

    const tone = measureToneBreak(samples, sampleRate, HZ);
    // The recording spans the hand-over at 9.02 s (it starts once the Web Audio graph is made).
    expect(tone.recordedS).toBeGreaterThan(1);
    // A swap of sources leaves 50-300 ms of silence; a gapless hand-over leaves none to speak of.
    expect(tone.silenceMs).toBeLessThan(5);
    expect(Math.abs(tone.gapMs)).toBeLessThan(5);
    // The element never loaded the second song: its decoded copy took over.
    expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc)).toContain(`/media/${album.songs[0]!.id}/`);
  });
});
