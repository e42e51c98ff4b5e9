import { VIDEO_FORMATS, DURATION_TOLERANCE_S, type VideoFormat } from '../formats.js';
import { musicVideoArgs, previewArgs, type PreviewSource, type RenderOutput } from './ffmpeg-args.js';
import { RENDER_NICENESS, runTool } from './run-ffmpeg.js';

/** Which encoder each format needs. */
const ENCODER: Record<VideoFormat, string> = { mp4: 'libx264', webm: 'libvpx-vp9' };

export class RenderError extends Error {
  override name = 'RenderError';
}

export interface Renderer {
  /** The formats this ffmpeg can make (mp4 needs libx264, webm libvpx-vp9); [] = cannot render. */
  formats(): Promise<VideoFormat[]>;
  /** Renders the cover + spectrum preview to each output path, then checks every file decodes. */
  renderPreview(src: PreviewSource, outputs: readonly RenderOutput[], signal?: AbortSignal): Promise<void>;
  /** Re-encodes a music video to each output path, then checks every file decodes. */
  transcodeVideo(videoPath: string, outputs: readonly RenderOutput[], signal?: AbortSignal): Promise<void>;
  /** Duration of a media file in seconds (ffprobe), or null when it has no readable duration. */
  probeDurationS(path: string, signal?: AbortSignal): Promise<number | null>;
}

export interface RendererTools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

/** Renders with ffmpeg at low priority; one ffmpeg process per preview, all formats at once. */
export function createRenderer(tools: RendererTools): Renderer {
  let formats: Promise<VideoFormat[]> | null = null;
  const need = (tool: string | null, name: string): string => {
    if (!tool) throw new RenderError(`${name} is not installed (apt-get install ffmpeg) or FFMPEG_PATH/FFPROBE_PATH is wrong`);
    return tool;
  };

  const probe = async (path: string, signal?: AbortSignal) => {
    const out = await runTool(
      need(tools.ffprobe, 'ffprobe'),
      ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', path],
      { ...(signal ? { signal } : {}) },
    );
    const parsed = JSON.parse(out) as { format?: { duration?: string }; streams?: { codec_type?: string }[] };
    const d = Number(parsed.format?.duration);
    return {
      durationS: Number.isFinite(d) && d > 0 ? d : null,
      hasVideo: (parsed.streams ?? []).some((s) => s.codec_type === 'video'),
    };
  };

  /** A render that "succeeded" on a truncated or unreadable source is still a failure. */
  const verify = async (outputs: readonly RenderOutput[], expectedS: number | null, signal?: AbortSignal) => {
    for (const o of outputs) {
      const p = await probe(o.path, signal);
      if (!p.hasVideo || p.durationS == null) throw new RenderError(`the ${o.format} file has no playable video`);
      if (expectedS != null && Math.abs(p.durationS - expectedS) > DURATION_TOLERANCE_S) {
        throw new RenderError(
          `the ${o.format} file lasts ${p.durationS.toFixed(1)} s instead of ${expectedS.toFixed(1)} s (source unreadable part-way?)`,
        );
      }
    }
  };

  const opts = (signal?: AbortSignal) => ({ niceness: RENDER_NICENESS, ...(signal ? { signal } : {}) });

  return {
    formats() {
      formats ??= (async () => {
        if (!tools.ffmpeg) return [];
        try {
          const list = await runTool(tools.ffmpeg, ['-hide_banner', '-encoders']);
          return VIDEO_FORMATS.filter((f) => new RegExp(`^\\s*V\\S*\\s+${ENCODER[f]}\\s`, 'm').test(list));
        } catch {
          return [];
        }
      })();
      return formats;
    },
    async renderPreview(src, outputs, signal) {
      await runTool(need(tools.ffmpeg, 'ffmpeg'), previewArgs(src, outputs), opts(signal));
      await verify(outputs, src.durationS, signal);
    },
    async transcodeVideo(videoPath, outputs, signal) {
      const source = await probe(videoPath, signal).catch(() => null);
      if (!source?.hasVideo) throw new RenderError(`${videoPath} has no video stream ffmpeg can read`);
      await runTool(need(tools.ffmpeg, 'ffmpeg'), musicVideoArgs(videoPath, outputs), opts(signal));
      await verify(outputs, source.durationS, signal);
    },
    async probeDurationS(path, signal) {
      return (await probe(path, signal)).durationS;
    },
  };
}
