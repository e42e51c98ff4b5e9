/**
 * The image work the server hands to its image process (image-process.ts): what is asked and what
 * comes back. Every job is plain data, so it crosses the process boundary as it is.
 */

/** An image's bytes, or a file the image process reads itself. */
export type ImageInput = Uint8Array | { path: string };

export interface ImageMetadata {
  /** sharp's name for the format: jpeg, png, webp, gif, svg, heif, ... */
  format: string | null;
  width: number | null;
  height: number | null;
}

/** Text drawn white at `opacity`, wrapped at word breaks to `widthPx`. */
export interface TextSpec {
  text: string;
  sizePx: number;
  widthPx: number;
  opacity: number;
  /** The font file and the family in it (Pango falls back through fontconfig for other scripts). */
  fontFile: string;
  family: string;
}

/** Where a text layer sits on a card: at the margin or centred, on each axis. */
export interface CardLayer extends TextSpec {
  x: 'margin' | 'center';
  y: 'top' | 'bottom' | 'center';
}

/** A square JPEG of `size` pixels (transparency on `background`). */
export interface JpegOut {
  size: number;
  background: string;
  quality: number;
}

/**
 * A square picture: an SVG background and text layers over it, as PNG at `side`, or as a JPEG of
 * `jpeg.size` pixels made from the drawing in the same job.
 */
export interface CardSpec {
  backgroundSvg: string;
  side: number;
  margin: number;
  layers: CardLayer[];
  jpeg?: JpegOut;
}

export type ImageJob =
  | { op: 'metadata'; input: ImageInput }
  /** A `size`-pixel square JPEG (cover fit, EXIF orientation applied, transparency on `background`). */
  | { op: 'squareJpeg'; input: ImageInput; size: number; background: string; quality: number }
  /** An image (SVG included) as a `size`-pixel square PNG. */
  | { op: 'rasterize'; input: ImageInput; size: number }
  /** Text alone, as a transparent PNG cut to its ink. */
  | { op: 'text'; text: TextSpec }
  | { op: 'card'; card: CardSpec };

export interface ImageResults {
  metadata: ImageMetadata;
  squareJpeg: Uint8Array;
  rasterize: Uint8Array;
  text: Uint8Array;
  card: Uint8Array;
}

export type JobOf<K extends ImageJob['op']> = Extract<ImageJob, { op: K }>;

/** A job as it travels to the image process, and its answer. */
export interface JobMessage {
  id: number;
  job: ImageJob;
}
export type AnswerMessage = { id: number; ok: true; result: ImageResults[ImageJob['op']] } | { id: number; ok: false; message: string };
