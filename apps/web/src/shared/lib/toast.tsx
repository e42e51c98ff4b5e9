import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { onIdle } from './idle.js';

/**
 * Toasts (sonner), kept out of the first visit's JavaScript: the library
 * loads at the first idle moment after the app has rendered, or at once when
 * a toast is asked for before that. A toast asked for meanwhile waits for it
 * (and, when a ToastHost is rendered, for its Toaster), then shows as usual.
 * The app imports `toast` from here, never from 'sonner'.
 */
type Sonner = typeof import('sonner');
type Show = (t: Sonner['toast']) => void;

let sonner: Sonner | null = null;
let importing: Promise<Sonner> | null = null;
/** 'waiting' from the ToastHost's first render until its Toaster is mounted. */
let host: 'none' | 'waiting' | 'ready' = 'none';
let wakeHost: (() => void) | null = null;
const queue: Show[] = [];

/** Loads sonner now: toasts asked for after this show at once (when no ToastHost is still waiting). */
export const loadToasts = (): Promise<Sonner> => (importing ??= import('sonner').then((m) => (sonner = m)));

function flush() {
  if (!sonner || host === 'waiting') return;
  for (const show of queue.splice(0)) show(sonner.toast);
}

function call(show: Show): void {
  if (sonner && host !== 'waiting') return show(sonner.toast);
  queue.push(show);
  if (host === 'waiting') wakeHost?.();
  else void loadToasts().then(flush);
}

type Toast = Sonner['toast'];

/** sonner's `toast`, for what the app uses of it: the call waits for the library if it is not loaded yet. */
export const toast = Object.assign((...args: Parameters<Toast>) => call((t) => t(...args)), {
  success: (...args: Parameters<Toast['success']>) => call((t) => t.success(...args)),
  error: (...args: Parameters<Toast['error']>) => call((t) => t.error(...args)),
  dismiss: (...args: Parameters<Toast['dismiss']>) => call((t) => t.dismiss(...args)),
});

/**
 * sonner's Toaster, rendered once the library has loaded (at an idle moment,
 * or for the first toast), inside a polite live region that is there from the
 * first render: assistive technology knows it before anything is announced,
 * and a dialog opened before the Toaster arrives does not hide it (modal
 * dialogs hide everything but live regions).
 */
export function ToastHost(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  if (host === 'none') host = 'waiting';
  useEffect(() => {
    let live = true;
    const start = () => void loadToasts().then((m) => live && setToaster(() => m.Toaster));
    wakeHost = start;
    onIdle(start);
    return () => {
      live = false;
      wakeHost = null;
      host = 'none';
      flush();
    };
  }, []);
  useEffect(() => {
    if (!Toaster) return;
    // The Toaster's own effects (its subscription) ran first: what waited shows now.
    host = 'ready';
    flush();
  }, [Toaster]);
  return <div aria-live="polite">{Toaster ? <Toaster {...props} /> : null}</div>;
}
