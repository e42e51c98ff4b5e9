import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** The two database engines the server runs on. */
export const ALL_ENGINES = ['pglite', 'postgres'] as const;
export type Engine = (typeof ALL_ENGINES)[number];

/**
 * The engine of the test files below: the one a file runs on when its SQL is not what it tests.
 * PostgreSQL, because a copy of a migrated database costs it a fraction of a second where PGlite
 * loads a whole data folder into a fresh WebAssembly instance.
 */
export const SERVICE_ENGINE: Engine = 'postgres';

/**
 * Test files (or folders, ending in '/') that exercise HTTP, protocol, media or account behaviour
 * over SQL other files already test on both engines: they run on SERVICE_ENGINE alone. Every file not
 * listed runs on both engines, so a new test file is safe by default; list it here only when the SQL
 * it reaches is covered elsewhere. Paths are relative to apps/server/src. TEST_ENGINES=all runs every
 * file on both engines.
 *
 * What stays on both engines, and why (a result that could differ between PGlite and PostgreSQL):
 * - db/: the engine adapters themselves (transactions and their pipeline, JSON rows, outages).
 * - catalogue/store/ and catalogue/scanner/: the catalogue's writes, triggers, deferred upkeep, search
 *   words and indexes, quick rescans, playlists synced from files.
 * - catalogue/http/ lists, search, songs, home, collections, artist pages and pictures, track order,
 *   rediscover; catalogue/passes/ and catalogue/library-scope: read queries whose order, collation,
 *   text search or aggregates are the engine's, and the library scoping wrapped around them.
 * - backend/documents/ (all but creation-rates): the documents query compiler, rules, permission
 *   matrix, concurrent and busy-pool creates, server documents, playlist descriptions.
 * - backend/realtime/: LISTEN/NOTIFY fan-out across servers, catalogue events.
 * - backend/schema/, backend/auth/administrators-sql and limiter-store: schema and the SQL stores.
 * - backend/rooms/, backend/devices/devices.sdk and device-limits, http/private-rooms: the rooms' and
 *   devices' SQL (permissions, limits, the sweep, the private gate's room query); these files ask for
 *   ALL_ENGINES themselves.
 * - subsonic/: album lists and shelf, browsing, lists and search, ratings and plays (Subsonic's own
 *   tables), public links, the album-figures migration. Its playlists, shares, radio and users are
 *   read and written through the backend's documents and small tables covered above: listed here.
 * - test/library-access and library-removals: per-user library access in every query.
 * - video/jobs/claim (the claim query) and video/site-relative-migration.
 * templates.test.ts checks that no entry below names one of these.
 */
export const ONE_ENGINE_FILES: readonly string[] = [
  'http/',
  'web/',
  'backend/accounts/',
  'backend/auth/caller.test.ts',
  'backend/devices/',
  'backend/documents/creation-rates.sdk.test.ts',
  'backend/http/',
  'backend/oauth/',
  'backend/test/sdk.test.ts',
  'catalogue/http/admin.routes.test.ts',
  'catalogue/http/api.contract.test.ts',
  'catalogue/http/download.routes.test.ts',
  'catalogue/http/live-library.test.ts',
  'catalogue/http/odd-input.test.ts',
  'catalogue/http/scanned-library.test.ts',
  'catalogue/loudness/',
  'catalogue/lyrics/',
  'catalogue/media/',
  'subsonic/admin-command.test.ts',
  'subsonic/api-aborted-reads.test.ts',
  'subsonic/api-authentication.test.ts',
  'subsonic/api-bookmarks-scan.test.ts',
  'subsonic/api-client-fields.test.ts',
  'subsonic/api-envelope.test.ts',
  'subsonic/api-media-clients.test.ts',
  'subsonic/api-media.test.ts',
  'subsonic/api-mixed-load-bytes.test.ts',
  'subsonic/api-radio.test.ts',
  'subsonic/api-shares.test.ts',
  'subsonic/api-users-private.test.ts',
  'subsonic/api-users.test.ts',
  'subsonic/authenticate.test.ts',
  'subsonic/info.test.ts',
  'subsonic/profile-routes.test.ts',
  'subsonic/radio-routes.test.ts',
  'subsonic/share-creators.test.ts',
  'subsonic/share-links.test.ts',
  'subsonic/subsonic-api.client.test.ts',
  'subsonic/user-data-playlists.test.ts',
  'video/admin/',
  'video/chromium-playback.test.ts',
  'video/http/',
  'video/jobs/worker.test.ts',
  'video/video.sdk.test.ts',
];

const SRC = fileURLToPath(new URL('../', import.meta.url));

/** Whether `file` (relative to apps/server/src, '/'-separated) runs on SERVICE_ENGINE alone. */
export function runsOnOneEngine(file: string): boolean {
  return ONE_ENGINE_FILES.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
}

/**
 * The engines of the test file being run (`testPath`, default vitest's current file): both unless the
 * file is listed above; both for files outside apps/server/src and when TEST_ENGINES=all.
 */
export function enginesFor(testPath: string | undefined = currentTestFile()): readonly [Engine, ...Engine[]] {
  if (process.env.TEST_ENGINES === 'all' || !testPath) return ALL_ENGINES;
  const file = relative(SRC, testPath).split('\\').join('/');
  if (file.startsWith('..')) return ALL_ENGINES;
  return runsOnOneEngine(file) ? [SERVICE_ENGINE] : ALL_ENGINES;
}

function currentTestFile(): string | undefined {
  try {
    return expect.getState().testPath;
  } catch {
    return undefined;
  }
}
