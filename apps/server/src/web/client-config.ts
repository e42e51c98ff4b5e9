import type { Config } from '../config.js';

/**
 * What the web app needs to know at run time, served as /config.json so one
 * build works on any install: backend project and endpoint, catalogue hosts
 * (tried in turn, SPEC §7), and which sign-in methods exist (DESIGN §6).
 */
export interface ClientConfig {
  projectId: string;
  /** Backend endpoint; '' prefix = this server. */
  backendEndpoint: string;
  /** Catalogue API bases, e.g. ['/api'] or ['https://mirror.example/api', '/api']. */
  catalogueHosts: string[];
  signIn: { google: boolean; oidc: boolean; email: boolean };
}

export function clientConfig(config: Config): ClientConfig {
  return {
    projectId: config.APPWRITE_PROJECT_ID,
    backendEndpoint: '/v1',
    catalogueHosts: config.catalogueHosts.length > 0 ? config.catalogueHosts : ['/api'],
    signIn: {
      google: Boolean(config.GOOGLE_CLIENT_ID),
      oidc: Boolean(config.OIDC_ISSUER),
      email: true,
    },
  };
}
