import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { cutDemoMusic, musicSubset, SHORT_SONG_S, startServer, type ServerTemplate } from './harness.js';

/**
 * The e2e tier's run-wide set-up: the demo's songs cut to their first SHORT_SONG_S seconds (what the tier's music
 * folders are copied from), the usual music folder (the first 6 of them in each album) and a data folder that has
 * scanned it, made once by the built server. A file that asks for neither folder runs its server on
 * that music (shared, read only) and a copy of that data folder, so its server starts without migrating and
 * scanning again.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const shortDemo = mkdtempSync(join(tmpdir(), `lyra-e2e-demo-${SHORT_SONG_S}s-`));
  await cutDemoMusic(shortDemo);
  const musicDir = musicSubset(6, { source: shortDemo });
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-e2e-template-'));
  const server = await startServer({ musicDir, dataDir });
  await server.stop();
  const template: ServerTemplate = { shortDemo, musicDir, dataDir };
  project.provide('lyraE2eTemplate', template);
  return () => {
    for (const dir of [shortDemo, musicDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  };
}
