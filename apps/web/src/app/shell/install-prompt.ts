/**
 * Chrome's `beforeinstallprompt` may fire before React mounts, so it is
 * caught from start-up (main.tsx imports this first) and kept until the
 * 'Add to home screen' banner uses it.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = () => void;
let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

export function subscribeInstallPrompt(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const installPromptSnapshot = (): InstallPromptEvent | null => (installed ? null : deferred);

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const e = deferred;
  if (!e) return false;
  deferred = null;
  notify();
  await e.prompt();
  return (await e.userChoice).outcome === 'accepted';
}

/** Already running as an installed app (SPEC#chrome-add-home-screen: no banner then). */
export const isStandalone = (w: Window = window): boolean =>
  w.matchMedia?.('(display-mode: standalone)').matches === true ||
  (w.navigator as Navigator & { standalone?: boolean }).standalone === true;
