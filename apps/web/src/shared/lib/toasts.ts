import { toast } from './toast.js';

/** SPEC#limits-toast-durations: toast durations. */
export const TOAST_MS = { default: 3_000, signIn: 5_000, update: 4_000, playlist: 1_500 } as const;

/**
 * A signed-out prompt with a 'Sign in' action to /profile (SPEC#roles-anonymous-visitor).
 * `navigate` is the router's, passed in so this stays free of React.
 */
export function signInToast(
  message: string,
  /** react-router's navigate (it may return a promise, which is not awaited). */
  navigate: (to: string) => void | Promise<void>,
  options: { description?: string; durationMs?: number } = {},
): void {
  toast(message, {
    description: options.description,
    duration: options.durationMs ?? TOAST_MS.signIn,
    action: { label: 'Sign in', onClick: () => void navigate('/profile') },
  });
}
