import { afterAll, afterEach, vi } from 'vitest';
import { configure } from '@testing-library/dom';
import { MOCKED_MODULES } from './mocked-modules.js';

// The unit tier must hold on a machine whose cores are busy (npm run test:stress): a findBy or
// waitFor waits for what the user would see for up to 20 s, not Testing Library's default 1 s
// (with both cores taken, a screen's first lazy import alone can take seconds).
// A test that passes only fast is no better than one that passes.
configure({ asyncUtilTimeout: 20_000 });

// The unit tier runs its files one after another in shared workers (vitest.config.ts, isolate:
// false), so a file starts as it would in a worker of its own: nothing stored, at the site's root,
// an empty document. Nothing a file rendered or set up may outlive it either: a timer left behind
// fires after its window is gone.
const dom = typeof document !== 'undefined';

// The window and document stay from file to file: a listener a file's modules put on them (the player
// engine's 'online', a store's 'storage') is removed after the file, or it would act on the next file's
// events with the last file's state. Those added from here on are noted (the wrap is made once per worker).
type Added = [EventTarget, string, EventListenerOrEventListenerObject | null, boolean | EventListenerOptions | undefined];
const shared = globalThis as { lyraAddedListeners?: Added[]; lyraWrapped?: WeakSet<EventTarget> };
const added = (shared.lyraAddedListeners ??= []);
const wrapped = (shared.lyraWrapped ??= new WeakSet());
if (dom) {
  for (const target of [window, document] as EventTarget[]) {
    if (wrapped.has(target)) continue;
    wrapped.add(target);
    const add = target.addEventListener.bind(target);
    target.addEventListener = (type, listener, options) => {
      added.push([target, type, listener, typeof options === 'object' ? { capture: options.capture ?? false } : options]);
      add(type, listener, options);
    };
  }
}

// This file runs before each test file is imported, so its modules read nothing stored by the last.
if (dom) {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  history.replaceState(null, '', '/');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  performance.clearMarks();
  performance.clearMeasures();
}

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
    if (toast.getHistory?.().length) {
      toast.dismiss();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // TanStack Query's managers are shared by every file in the worker: online and focused again.
    const { onlineManager, focusManager } = await import('@tanstack/react-query');
    onlineManager.setOnline(true);
    focusManager.setFocused(undefined);
  }
  // The modules some files mock are real again for the next file (shared-workers.test.ts keeps this list whole).
  for (const mocked of MOCKED_MODULES) vi.doUnmock(mocked);
  for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
});
