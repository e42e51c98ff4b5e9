import { local, readText, writeText, type StorageLike } from '../../shared/lib/storage.js';

/** Where this device remembers that the browser was asked to keep the app's storage. */
export const STORAGE_ASKED_KEY = 'offlineStorageAsked';

const manager = (): Partial<StorageManager> | undefined => (typeof navigator === 'undefined' ? undefined : navigator.storage);

/**
 * The first time the listener keeps something offline, the browser is asked
 * to keep the app's storage (without it, a browser short of space may clear
 * the downloads). Asked once per device, whatever the answer: some browsers
 * put the question to the listener, who is not asked again after refusing.
 * A refusal (or no answer) does not stop the download; Downloads then says
 * the browser may clear them.
 */
export async function askToKeepStorage(storage: StorageLike | undefined = local()): Promise<void> {
  const browser = manager();
  if (!browser?.persist || readText(storage, STORAGE_ASKED_KEY)) return;
  writeText(storage, STORAGE_ASKED_KEY, '1');
  try {
    if (await browser.persisted?.()) return;
    await browser.persist();
  } catch {
    // No answer: the songs are kept all the same, as storage the browser may clear.
  }
}

/** Whether the browser keeps the app's storage; null when it cannot tell. */
export async function isStorageKept(): Promise<boolean | null> {
  try {
    return (await manager()?.persisted?.()) ?? null;
  } catch {
    return null;
  }
}
