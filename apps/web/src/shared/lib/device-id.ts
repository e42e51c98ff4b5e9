/**
 * This open app's device id: one per tab, kept for the tab's lifetime (a
 * reload stays the same device), made by the app (backend-api.md §12).
 */
const KEY = 'lyra-device-id';

export function thisDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage): string {
  const kept = storage?.getItem(KEY);
  if (kept && /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/.test(kept)) return kept;
  const made = globalThis.crypto.randomUUID();
  storage?.setItem(KEY, made);
  return made;
}
