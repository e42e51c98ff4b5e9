import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrokenSong, makeCoverImage, makeMusicVideo, makeSong, probeVideo } from '../test/media-fixtures.js';
import { createRenderer, RenderError } from './renderer.js';

/**
 * Previews and attached videos render with every ffmpeg the server may find:
 * Debian's (5.1) and the npm-shipped fallback (a 2018 static build, with the
 * npm ffprobe), so the filters used are ones both have. A source no decoder
 * reads fails with a clear error.
 */
const req = createRequire(import.meta.url);
const BUILDS = [
  { label: 'system ffmpeg', ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
  {
    label: 'npm-shipped ffmpeg',
    ffmpeg: (req('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: (req('@ffprobe-installer/ffprobe') as { path: string }).path,
  },
];

describe.each(BUILDS)('renderer ($label)', (tools) => {
  let dir: string;
  let song: string;
  let cover: string;
  const renderer = createRenderer(tools);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-render-'));
    song = await makeSong(dir, 'song.ogg', 4);
    cover = await makeCoverImage(join(dir, 'cover.png'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('can make both formats', async () => {
    expect(await renderer.formats()).toEqual(['mp4', 'webm']);
  });

  it('renders a cover + spectrum preview, square, for the song’s length, in every format', async () => {
    const outputs = [
      { format: 'mp4' as const, path: join(dir, 'preview.mp4') },
      { format: 'webm' as const, path: join(dir, 'preview.webm') },
    ];
    await renderer.renderPreview({ audioPath: song, coverPath: cover, durationS: 4 }, outputs);
    for (const o of outputs) {
      const p = await probeVideo(o.path);
      expect(p).toMatchObject({ width: 480, height: 480, pixFmt: 'yuv420p', hasAudio: false });
      expect(Math.abs(p.durationS - 4)).toBeLessThan(0.6);
    }
  });

  it('renders without a cover on the default background', async () => {
    const out = join(dir, 'plain.mp4');
    await renderer.renderPreview({ audioPath: song, coverPath: null, durationS: 4 }, [{ format: 'mp4', path: out }]);
    expect((await probeVideo(out)).width).toBe(480);
  });

  it('re-encodes an attached music video to fit the box, even-sized', async () => {
    const clip = await makeMusicVideo(dir, 3);
    const out = join(dir, 'clip-out.mp4');
    await renderer.transcodeVideo(clip, [{ format: 'mp4', path: out }]);
    const p = await probeVideo(out);
    // 1280x720 into 854x480 keeping 16:9: 853.3 x 480, made even.
    expect(p).toMatchObject({ width: 852, height: 480, hasAudio: false });
  });

  it('fails a source no decoder can read with a RenderError, not a crash', async () => {
    const broken = await makeBrokenSong(dir, 'broken.ogg');
    await expect(
      renderer.renderPreview({ audioPath: broken, coverPath: null, durationS: 4 }, [{ format: 'mp4', path: join(dir, 'broken.mp4') }]),
    ).rejects.toBeInstanceOf(Error);
    await expect(renderer.transcodeVideo(broken, [{ format: 'mp4', path: join(dir, 'b.mp4') }])).rejects.toBeInstanceOf(RenderError);
  });
});
