import { createContext, useContext, type ReactNode } from 'react';
import type { CatalogueClient } from './catalogue-client.js';
import type { ClientConfig } from './client-config.js';

interface AppServices {
  config: ClientConfig;
  catalogue: CatalogueClient;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

function useServices(): AppServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesProvider is missing');
  return s;
}

export const useCatalogue = (): CatalogueClient => useServices().catalogue;
export const useClientConfig = (): ClientConfig => useServices().config;
