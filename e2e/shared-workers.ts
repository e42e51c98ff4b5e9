import { afterAll, vi } from 'vitest';

// The e2e tier runs its files one after another in shared workers (vitest.config.ts, isolate: false):
// playwright-core and the rest of node_modules load once per worker, and each file evaluates the
// harness afresh. Each file starts and stops its own server and Chromium (harness.ts).
afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
