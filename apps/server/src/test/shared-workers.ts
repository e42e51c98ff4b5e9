import { afterAll, vi } from 'vitest';

// The server tier runs its files one after another in shared workers (vitest.config.ts, isolate:
// false): node_modules (Hono, postgres.js, PGlite, sharp, the Appwrite SDK...) load once per worker,
// and each file evaluates the project's modules afresh, so what one module keeps (the engines of
// test/db.ts, caches, settings) is the current file's. A file leaves no stubbed globals or variables.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
