import type { Config } from '../../config.js';
import { isLoopbackHost } from '../http/origins.js';

/** An OpenID Connect provider users can sign in with (DESIGN §6). */
export interface OAuthProvider {
  /** The Appwrite `OAuthProvider` id in URLs: `google`, or `oidc` for any other issuer. */
  id: string;
  issuer: URL;
  clientId: string;
  /** Absent for a public client (PKCE only). */
  clientSecret?: string;
  /** Always asked for; the app's `scopes[i]` are added. */
  scopes: string[];
  /**
   * openid-client refuses plain-http issuers; allowed only on loopback, where
   * tests run their own issuer (DESIGN §6).
   */
  allowInsecure: boolean;
}

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

/**
 * `google` when GOOGLE_CLIENT_ID/SECRET are set (issuer GOOGLE_ISSUER), and
 * `oidc` when OIDC_ISSUER (+ OIDC_CLIENT_ID, optional OIDC_CLIENT_SECRET) is.
 */
export function configuredProviders(config: Config): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  const add = (id: string, issuer: string, clientId: string, clientSecret: string | undefined) => {
    const url = new URL(issuer);
    providers.set(id, {
      id,
      issuer: url,
      clientId,
      ...(clientSecret ? { clientSecret } : {}),
      scopes: DEFAULT_SCOPES,
      allowInsecure: url.protocol === 'http:' && isLoopbackHost(url.hostname),
    });
  };
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    add('google', config.GOOGLE_ISSUER, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET);
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID) {
    add('oidc', config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET);
  }
  return providers;
}

/** The scopes to ask for: ours, then the app's extra ones, without repeats. */
export function requestedScopes(provider: OAuthProvider, extra: readonly string[]): string {
  return [...new Set([...provider.scopes, ...extra])].join(' ');
}
