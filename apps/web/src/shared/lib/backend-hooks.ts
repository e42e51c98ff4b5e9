import { useCallback } from 'react';
import { getBackend, type BackendApi } from './backend.js';
import { useClientConfig } from './catalogue-context.js';

/** A loader of the backend for this app's config (the SDK is fetched on first call). */
export function useBackend(): () => Promise<BackendApi> {
  const config = useClientConfig();
  return useCallback(() => getBackend(config), [config]);
}
