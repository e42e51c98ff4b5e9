import type { OverlayOptions, Sharp } from 'sharp';
import type { CardSpec, ImageInput, ImageJob, ImageMetadata, ImageResults, JpegOut, TextSpec } from './image-jobs.js';
import { loadSharp } from './load-sharp.js';

/** What sharp reads: a file name or the bytes. */
const source = (input: ImageInput): string | Buffer =>
  input instanceof Uint8Array ? Buffer.from(input.buffer, input.byteOffset, input.byteLength) : input.path;

async function metadata(input: ImageInput): Promise<ImageMetadata> {
  const sharp = await loadSharp();
  const m = await sharp(source(input)).metadata();
  return { format: m.format ?? null, width: m.width ?? null, height: m.height ?? null };
}

async function squareJpeg(input: ImageInput, size: number, background: string, quality: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return toSquareJpeg(sharp(source(input), { failOn: 'error' }).rotate(), { size, background, quality });
}

const toSquareJpeg = (image: Sharp, { size, background, quality }: JpegOut): Promise<Buffer> =>
  image.resize(size, size, { fit: 'cover' }).flatten({ background }).jpeg({ quality, mozjpeg: true }).toBuffer();

async function rasterize(input: ImageInput, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source(input)).resize(size, size).png().toBuffer();
}

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function text(spec: TextSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp({
    text: {
      text: `<span foreground="white" alpha="${Math.round(spec.opacity * 100)}%">${escapeMarkup(spec.text)}</span>`,
      fontfile: spec.fontFile,
      font: `${spec.family} ${spec.sizePx}px`,
      width: spec.widthPx,
      wrap: 'word',
      rgba: true,
      spacing: Math.round(spec.sizePx * -0.05),
    },
  })
    .png()
    .toBuffer();
}

/** sharp cuts a text layer to its ink, so placing by the layer's size places the letters themselves. */
async function card(spec: CardSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  const { side, margin } = spec;
  const layers: OverlayOptions[] = [];
  for (const layer of spec.layers) {
    const png = await text(layer);
    const { width = 0, height = 0 } = await sharp(png).metadata();
    const centred = (size: number) => Math.max(0, Math.round((side - size) / 2));
    const left = layer.x === 'margin' ? margin : centred(width);
    const top = layer.y === 'top' ? margin : layer.y === 'bottom' ? Math.max(margin, side - margin - height) : centred(height);
    layers.push({ input: png, left, top });
  }
  const drawn = sharp(Buffer.from(spec.backgroundSvg)).composite(layers);
  if (!spec.jpeg) return drawn.png().toBuffer();
  // Its pixels as they are, resized in a second pipeline (sharp resizes before it composites).
  const { data, info } = await drawn.raw().toBuffer({ resolveWithObject: true });
  return toSquareJpeg(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), spec.jpeg);
}

/** Runs one job with sharp, in the process that calls it. */
export async function runImageJob(job: ImageJob): Promise<ImageResults[ImageJob['op']]> {
  switch (job.op) {
    case 'metadata':
      return metadata(job.input);
    case 'squareJpeg':
      return squareJpeg(job.input, job.size, job.background, job.quality);
    case 'rasterize':
      return rasterize(job.input, job.size);
    case 'text':
      return text(job.text);
    case 'card':
      return card(job.card);
  }
}
