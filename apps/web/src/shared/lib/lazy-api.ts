import { useCallback } from 'react';
import type { ClientConfig } from './client-config.js';
import { useClientConfig } from './catalogue-context.js';

/**
 * An API spoken through a module loaded on first use (an SDK's chunk), so none of it is in the
 * first chunk: loaded once per config, loaded again after a failed load. Tests install a double
 * with `setForTests` (`null` restores the real one); `useApi` gives a component a loader for this
 * app's config.
 */
export function lazyApi<Api, K extends keyof ClientConfig>(load: (config: Pick<ClientConfig, K>) => Promise<Api>) {
  type Config = Pick<ClientConfig, K>;
  let override: Api | null = null;
  let loading: Promise<Api> | null = null;
  let loadedFor: Config | null = null;

  const setForTests = (api: Api | null): void => {
    override = api;
    loading = null;
  };

  const get = (config: Config): Promise<Api> => {
    if (override) return Promise.resolve(override);
    if (!loading || loadedFor !== config) {
      loadedFor = config;
      loading = load(config).catch((e: unknown) => {
        loading = null;
        throw e;
      });
    }
    return loading;
  };

  const useApi = (): (() => Promise<Api>) => {
    const config = useClientConfig();
    return useCallback(() => get(config), [config]);
  };

  return { get, setForTests, useApi };
}
