import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeOfflineDevice, type FakeOfflineDevice } from './offline-fake.js';

/**
 * Test set-up: each test starts on a fake offline device with empty storage,
 * and afterwards the screen, the device, any StorageManager the test gave
 * `navigator` and any spies are undone. Returns the current test's device.
 */
export function useFakeOfflineDevice(): () => FakeOfflineDevice {
  let device: FakeOfflineDevice;
  beforeEach(() => {
    localStorage.clear();
    device = installFakeOfflineDevice();
  });
  afterEach(() => {
    cleanup();
    device.restore();
    delete (navigator as { storage?: unknown }).storage;
    vi.restoreAllMocks();
  });
  return () => device;
}
