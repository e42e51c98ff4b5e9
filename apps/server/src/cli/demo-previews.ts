import { loadConfig } from '../config.js';
import { createLogger } from '../log.js';
import { demoPreviewsSkipped, renderDemoPreviews } from '../video/setup/demo-previews.js';
import { openDirect } from './direct-target.js';

/**
 * Set-up's video step (scripts/setup.mjs imports the build of this file):
 * previews for the few shortest real songs of the library, rendered in this
 * process on the data folder opened directly. Says why when it cannot run (no
 * ffmpeg, empty library, a server holding the data folder). Returns the song
 * ids it rendered.
 */
export async function createDemoPreviews(opts: {
  env: Record<string, string | undefined>;
  count?: number;
  out?: (line: string) => void;
}): Promise<string[]> {
  const out = opts.out ?? ((line: string) => process.stdout.write(line + '\n'));
  const config = loadConfig(opts.env);
  const log = createLogger('warn');
  const skipped = await demoPreviewsSkipped(config, log);
  if (skipped) {
    out(skipped);
    return [];
  }
  const direct = await openDirect(config, log);
  try {
    return await renderDemoPreviews({ config, db: direct.db, log, now: Date.now }, direct.video, opts.count ?? 3, out);
  } finally {
    await direct.close();
  }
}
