import { afterAll, afterEach, vi } from 'vitest';
import { configure } from '@testing-library/dom';

// The unit tier must hold on a machine whose cores are busy (npm run test:stress): a findBy or
// waitFor waits for what the user would see for up to 20 s, not Testing Library's default 1 s
// (with both cores taken, a screen's first lazy import alone can take seconds).
// A test that passes only fast is no better than one that passes.
configure({ asyncUtilTimeout: 20_000 });

// Nothing a file rendered or set up may outlive it: a timer left behind fires after its window is
// gone. (This is also what running the files in shared workers, vitest's isolate: false, would
// need; that is not on yet, since a file's localStorage then outlives it too.)
const dom = typeof document !== 'undefined';

// A screen may start a lazy import late in a test (a signed-in app loads its devices and realtime
// code): each test waits for those imports to land, so none is still loading when the file's
// environment is torn down. Then what the test rendered is unmounted, whether or not its file
// does so itself.
afterEach(async () => {
  await vi.dynamicImportSettled();
  if (dom) (await import('@testing-library/react')).cleanup();
});

// A toast that closed shortly before its screen was unmounted still has sonner's removal timer
// pending (TIME_BEFORE_UNMOUNT, 200 ms in sonner's source), and that timer updates React state:
// fired after the file's window is gone, it throws "window is not defined". A timer set now for
// as long fires after any set earlier, so the file ends only once those have run.
// Then the file leaves real timers, no stubbed globals or environment variables, and no loaded
// project modules (stores, caches) behind.
afterAll(async () => {
  vi.useRealTimers();
  if (dom) {
    const { toast } = await import('sonner');
    // A file that mocks sonner has no history to wait on.
    if (toast.getHistory?.().length) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
