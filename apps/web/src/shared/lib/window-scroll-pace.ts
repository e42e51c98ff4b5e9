import { useEffect, useSyncExternalStore } from 'react';
import { createScrollPace, type ScrollPace } from './scroll-pace.js';

/** The window's scroll pace, listened to while something subscribes to it. */
let pace: ScrollPace | null = null;
let subscribers = 0;
let stopListening: (() => void) | null = null;

function windowPace(): ScrollPace {
  return (pace ??= createScrollPace(
    () => window.innerHeight || 1,
    (fn, ms) => {
      const timer = window.setTimeout(fn, ms);
      return () => window.clearTimeout(timer);
    },
  ));
}

function subscribe(listener: () => void): () => void {
  const p = windowPace();
  const unsubscribe = p.subscribe(listener);
  if (subscribers++ === 0) {
    const onScroll = () => p.moved(window.scrollY, performance.now());
    // Where the page is now: the first move is measured from here.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    stopListening = () => window.removeEventListener('scroll', onScroll);
  }
  return () => {
    unsubscribe();
    if (--subscribers === 0) {
      stopListening?.();
      stopListening = null;
      pace = null;
    }
  };
}

const noSubscription = () => () => {};
const settled = () => !windowPace().fast();
const alwaysSettled = () => true;

const ignore = () => {};

/**
 * Keeps the window's pace measured while the caller is mounted (with `keep`), also when nothing
 * waits on it at the moment: a list's covers already shown keep it, so the next rows to come know
 * whether the page is flying.
 */
export function useScrollPaceKept(keep: boolean): void {
  useEffect(() => (keep ? subscribe(ignore) : undefined), [keep]);
}

/**
 * False while the window scrolls fast (scroll-pace.ts), true otherwise; always true when
 * `watch` is false (nothing is listened to then).
 */
export function useScrollSettled(watch: boolean): boolean {
  return useSyncExternalStore(watch ? subscribe : noSubscription, watch ? settled : alwaysSettled, alwaysSettled);
}
