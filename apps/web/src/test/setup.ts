import { afterEach, vi } from 'vitest';
import { configure } from '@testing-library/dom';

// The unit tier must hold on a machine whose cores are busy (npm run test:stress): a findBy or
// waitFor waits for what the user would see for up to 20 s, not Testing Library's default 1 s
// (with both cores taken, a screen's first lazy import alone can take seconds).
// A test that passes only fast is no better than one that passes.
configure({ asyncUtilTimeout: 20_000 });

// A screen may start a lazy import late in a test (a signed-in app loads its devices and realtime
// code): each test waits for those imports to land, so none is still loading when the file's
// environment is torn down.
afterEach(async () => {
  await vi.dynamicImportSettled();
});
