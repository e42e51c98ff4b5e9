import type { Config } from '../config.js';

/**
 * What the web app needs to know at run time, served as /config.json so one
 * build works on any install: backend project and endpoint, catalogue hosts
 * (tried in turn, SPEC#product-song-catalogue-data), which sign-in methods exist (DESIGN §6), and
 * whether only signed-in accounts may listen (ACCESS) and new ones may be made (SIGNUPS).
 */
export interface ClientConfig {
  projectId: string;
  /** Backend endpoint; '' prefix = this server. */
  backendEndpoint: string;
  /** Catalogue API bases, e.g. ['/api'] or ['https://mirror.example/api', '/api']. */
  catalogueHosts: string[];
  signIn: { google: boolean; oidc: boolean; email: boolean };
  /** `private`: the catalogue answers signed-in accounts only, so a signed-out visitor is shown the sign-in. */
  access: 'public' | 'private';
  signUps: 'open' | 'invite' | 'closed';
  /**
   * Present (true) while no account has claimed the server and sign-ups are not closed: the next
   * sign-up is its first account, taken without an invitation, and becomes its administrator.
   */
  firstAccount?: true;
}

export function clientConfig(config: Config, { firstAccount = false }: { firstAccount?: boolean } = {}): ClientConfig {
  return {
    projectId: config.APPWRITE_PROJECT_ID,
    backendEndpoint: '/v1',
    catalogueHosts: config.catalogueHosts.length > 0 ? config.catalogueHosts : ['/api'],
    signIn: {
      google: Boolean(config.GOOGLE_CLIENT_ID),
      oidc: Boolean(config.OIDC_ISSUER),
      email: true,
    },
    access: config.ACCESS,
    signUps: config.SIGNUPS,
    ...(firstAccount && config.SIGNUPS !== 'closed' ? { firstAccount: true as const } : {}),
  };
}
