import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createImageProcess, IMAGE_PROCESS_NICENESS, type Images } from './image-process.js';

const FONT = fileURLToPath(new URL('../../assets/fonts/Inter-ExtraBold.ttf', import.meta.url));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a0"/></svg>';
let dir: string;
let photo: Buffer;
let proc: Images;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lyra-images-'));
  // 300 x 200, red on the left half and blue on the right.
  photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f00' } })
    .composite([{ input: { create: { width: 150, height: 200, channels: 3, background: '#00f' } }, left: 150, top: 0 }])
    .jpeg()
    .toBuffer();
  writeFileSync(join(dir, 'photo.jpg'), photo);
  writeFileSync(join(dir, 'shape.svg'), SVG);
  proc = createImageProcess(60_000);
});
afterAll(async () => {
  await proc.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the image process', () => {
  it('reads an image given as bytes or as a file', async () => {
    expect(await proc.metadata(photo)).toEqual({ format: 'jpeg', width: 300, height: 200 });
    expect(await proc.metadata({ path: join(dir, 'shape.svg') })).toEqual({ format: 'svg', width: 40, height: 20 });
    expect(proc.pid()).toBeGreaterThan(0);
    expect(proc.pid()).not.toBe(process.pid);
    // Below the server's priority: drawing yields to streams, the API and a browser on the machine.
    expect(getPriority(proc.pid())).toBe(getPriority() + IMAGE_PROCESS_NICENESS);
  });

  it('cuts a square JPEG from the middle of an image', async () => {
    const jpeg = await proc.squareJpeg(photo, 64, { background: '#000', quality: 82 });
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, (await sharp(jpeg).metadata()).format]).toEqual([64, 64, 'jpeg']);
    const pixel = (x: number) => [...data.subarray((32 * 64 + x) * 3, (32 * 64 + x) * 3 + 3)];
    // The cover fit keeps the middle 200 x 200: red on the left, blue on the right.
    expect(pixel(4)[0]).toBeGreaterThan(200);
    expect(pixel(60)[2]).toBeGreaterThan(200);
  });

  it('draws an SVG, text and a card as PNG', async () => {
    const png = await proc.rasterize({ path: join(dir, 'shape.svg') }, 32);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });

    const text = await proc.text({ text: 'Lyra', sizePx: 40, widthPx: 400, opacity: 1, fontFile: FONT, family: 'Inter ExtraBold' });
    const t = await sharp(text).metadata();
    // Cut to its ink: about four letters of 40 px.
    expect([t.format, t.height! < 60, t.width! > 60 && t.width! < 160]).toEqual(['png', true, true]);

    const card = await proc.card({
      backgroundSvg: '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#123456"/></svg>',
      side: 100,
      margin: 10,
      layers: [{ text: 'AB', sizePx: 30, widthPx: 80, opacity: 1, fontFile: FONT, family: 'Inter ExtraBold', x: 'center', y: 'center' }],
    });
    const { data, info } = await sharp(card).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 100]);
    const at = (x: number, y: number) => [...data.subarray((y * 100 + x) * 3, (y * 100 + x) * 3 + 3)];
    expect(at(2, 2)).toEqual([0x12, 0x34, 0x56]);
    // White letters over the middle.
    const middle = Array.from({ length: 30 }, (_, i) => at(35 + i * 1, 50)).filter(([r]) => r! > 200);
    expect(middle.length).toBeGreaterThan(0);
  });

  it('makes a card as a JPEG of the size asked in one job, the same picture as the PNG cut to that size', async () => {
    const spec = {
      backgroundSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="100" height="200" fill="#c00"/><rect x="100" width="100" height="200" fill="#00c"/></svg>',
      side: 200,
      margin: 10,
      layers: [{ text: 'AB', sizePx: 60, widthPx: 180, opacity: 1, fontFile: FONT, family: 'Inter ExtraBold', x: 'center', y: 'bottom' } as const],
    };
    const out = { size: 50, background: '#000', quality: 90 };
    const jpeg = await proc.card({ ...spec, jpeg: out });
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 50, height: 50 });
    const cut = await proc.squareJpeg(await proc.card(spec), 50, out);
    const pixels = async (b: Buffer) => (await sharp(b).raw().toBuffer()).subarray();
    const [a, b] = [await pixels(jpeg), await pixels(cut)];
    expect(a.length).toBe(50 * 50 * 3);
    // Red left, blue right, white letters along the bottom, as in the PNG cut to 50 px.
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]!)))).toBeLessThanOrEqual(2);
    expect(a[(25 * 50 + 5) * 3]).toBeGreaterThan(150);
    expect(a[(25 * 50 + 45) * 3 + 2]).toBeGreaterThan(150);
  });

  it('rejects bytes that are no image with sharp’s reason, and goes on working', async () => {
    await expect(proc.metadata(Buffer.from('not an image'))).rejects.toThrow(/unsupported image format/);
    await expect(proc.squareJpeg({ path: join(dir, 'missing.jpg') }, 64, { background: '#000', quality: 82 })).rejects.toThrow(/missing\.jpg/);
    expect((await proc.metadata(photo)).width).toBe(300);
  });

  it('sends at most its limit of jobs at once; the others wait their turn', async () => {
    const two = createImageProcess(60_000, 2);
    const jobs = Array.from({ length: 6 }, (_, i) => two.squareJpeg(photo, 40 + i, { background: '#000', quality: 80 }));
    expect(two.jobs()).toEqual({ inFlight: 2, waiting: 4 });
    const sides = await Promise.all(jobs.map(async (j) => (await sharp(await j).metadata()).width));
    expect(sides).toEqual([40, 41, 42, 43, 44, 45]);
    expect(two.jobs()).toEqual({ inFlight: 0, waiting: 0 });
    await two.close();
  });

  it('fails the jobs in flight when the process dies, and gives the waiting ones to a new process', async () => {
    const two = createImageProcess(60_000, 2);
    await two.metadata(photo);
    const pid = two.pid()!;
    const jobs = Array.from({ length: 8 }, () => two.squareJpeg(photo, 500, { background: '#000', quality: 90 }).then(() => 'done', (e: Error) => e.message));
    process.kill(pid, 'SIGKILL');
    const outcomes = await Promise.all(jobs);
    // The two sent before it died name the stop (or are done, answered first); the six waiting are done.
    expect(outcomes.slice(2)).toEqual(Array(6).fill('done'));
    for (const o of outcomes.slice(0, 2)) expect(['done', 'the image process stopped (SIGKILL)']).toContain(o);
    expect(outcomes).toContain('the image process stopped (SIGKILL)');
    expect(two.pid()).not.toBe(pid);
    await two.close();
  });

  it('ends once it has had no job for its idle time, and a job asked as it ends goes to a new one', async () => {
    const quick = createImageProcess(50);
    await quick.metadata(photo);
    const pid = quick.pid()!;
    await vi.waitFor(() => expect(quick.pid()).toBeUndefined(), { timeout: 30_000, interval: 5 });
    // The old process is still ending: its end must not fail the new process's job.
    expect((await quick.metadata(photo)).height).toBe(200);
    expect(quick.pid()).not.toBe(pid);
    await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 30_000, interval: 50 });
    await quick.close();
  });

  it('does not keep a server from ending while it waits for work, and close() waits for it to end', async () => {
    // Plain Node on a bundle of this module and of the child (run through tsx, its loader thread would
    // keep the script alive whatever the image process does), beside the server's packages.
    const out = mkdtempSync(join(fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url)), 'lyra-image-process-'));
    try {
      const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild') as typeof import('esbuild');
      const photoPath = JSON.stringify(join(dir, 'photo.jpg'));
      writeFileSync(
        join(out, 'script.ts'),
        `import { createImageProcess } from ${JSON.stringify(fileURLToPath(new URL('./image-process.ts', import.meta.url)))};
        // Idle times far beyond the test: the script ends only if the waiting process lets it.
        const p = createImageProcess(600_000);
        const m = await p.metadata({ path: ${photoPath} });
        const q = createImageProcess(600_000);
        await q.metadata({ path: ${photoPath} });
        await q.close();
        console.log(m.width, q.pid() ?? 'closed');`,
      );
      writeFileSync(join(out, 'package.json'), '{"type":"module"}');
      const build = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' } as const;
      await esbuild.build({ ...build, entryPoints: [join(out, 'script.ts')], outfile: join(out, 'script.js') });
      // Where the script's copy of image-process.ts looks for the child's built entry.
      await esbuild.build({ ...build, entryPoints: [fileURLToPath(new URL('./image-child.ts', import.meta.url))], outfile: join(out, 'image-child.js') });
      const child = spawn(process.execPath, [join(out, 'script.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      // Were the child kept, the script would not end before the test's own timeout; were close() not
      // to hold the script until its process ended, the script would end with 13 (an unsettled await).
      const [code] = (await once(child, 'exit')) as [number];
      expect([code, text.trim()]).toEqual([0, '300 closed']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
