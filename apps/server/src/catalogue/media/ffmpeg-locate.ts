import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';

export interface Tools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first executable `name` on a PATH-style list. */
export function findOnPath(name: string, pathList: string | undefined): string | null {
  for (const dir of (pathList ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

/** The binary of an npm ffmpeg/ffprobe installer package, when one happens to be installed. */
function fromNpm(pkg: string): string | null {
  try {
    const req = createRequire(import.meta.url);
    const mod = req(pkg) as { path?: unknown };
    return typeof mod.path === 'string' && isExecutable(mod.path) ? mod.path : null;
  } catch {
    return null;
  }
}

/**
 * ffmpeg and ffprobe, in order of preference: FFMPEG_PATH / FFPROBE_PATH, the
 * system's (Debian's ffmpeg package brings both), then an npm-shipped binary
 * (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`) if present.
 * A configured path that is not executable is an error, not a silent fallback.
 * PATH is the system's search path (what spawn would use), not a setting of ours.
 */
export function locateTools(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  log: Logger,
  pathList: string | undefined = process.env.PATH,
): Tools {
  const pick = (name: 'ffmpeg' | 'ffprobe', configured: string | undefined, pkg: string): string | null => {
    const variable = name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
    if (configured) {
      const file = resolve(configured);
      if (isExecutable(file)) return file;
      log.error(`${variable} is not an executable file`, { [variable]: configured });
      return null;
    }
    return findOnPath(name, pathList) ?? fromNpm(pkg);
  };
  const tools = {
    ffmpeg: pick('ffmpeg', config.FFMPEG_PATH, '@ffmpeg-installer/ffmpeg'),
    ffprobe: pick('ffprobe', config.FFPROBE_PATH, '@ffprobe-installer/ffprobe'),
  };
  if (!tools.ffmpeg) {
    log.warn('ffmpeg not found: /media answers 503 until it is installed (apt-get install ffmpeg) or FFMPEG_PATH is set');
  } else if (!config.FFMPEG_PATH && tools.ffmpeg === fromNpm('@ffmpeg-installer/ffmpeg')) {
    // Every tier, seek and preview works with it; it is only older and slower than a system build.
    log.info('using the npm-shipped ffmpeg (a 2018 static build): install ffmpeg (apt-get install ffmpeg) for a faster, current one');
  }
  return tools;
}
