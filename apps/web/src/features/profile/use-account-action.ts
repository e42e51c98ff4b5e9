import { useState } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useAccountApi, type AccountApi } from '../auth/ui.js';

export interface AccountAction {
  busy: boolean;
  error: string | null;
  /** For what the form finds wrong itself, before anything is sent. */
  setError: (message: string | null) => void;
  /**
   * Runs one change of the account: busy while it runs, the last error cleared first, and on
   * failure the backend's message (else `fallback`), or what `fallback` makes of the error.
   */
  run: (work: (api: AccountApi) => Promise<void>, fallback: string | ((e: unknown) => string)) => Promise<void>;
}

/** One account change at a time, as Profile's forms make them (email, password, two-factor). */
export function useAccountAction(): AccountAction {
  const account = useAccountApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run: AccountAction['run'] = async (work, fallback) => {
    setBusy(true);
    setError(null);
    try {
      await work(await account());
    } catch (e) {
      setError(typeof fallback === 'string' ? describeFailure(e).message || fallback : fallback(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
