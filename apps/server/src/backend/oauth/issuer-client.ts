import * as oidc from 'openid-client';
import type { Logger } from '../../log.js';
import type { OAuthProvider } from './providers.js';

/** The issuer could not be reached or did not answer with usable metadata. */
export class IssuerUnavailable extends Error {}

/** Node's fetch with a timeout, so a dead issuer fails the request instead of hanging it. */
const fetchWithTimeout: oidc.CustomFetch = (url, options) =>
  fetch(url, { ...options, signal: options.signal ?? AbortSignal.timeout(10_000) } as RequestInit);

/**
 * OpenID Connect discovery per provider, done on first use and cached. A
 * failed discovery is not cached, so the next sign-in tries again. Plain-http
 * issuers are refused except on loopback (OAuthProvider.allowInsecure).
 */
export function createIssuerClients(log: Logger) {
  const cache = new Map<string, Promise<oidc.Configuration>>();

  async function discover(p: OAuthProvider): Promise<oidc.Configuration> {
    if (p.issuer.protocol !== 'https:' && !p.allowInsecure) {
      throw new IssuerUnavailable(`The issuer ${p.issuer.href} must use https (plain http is allowed only on loopback).`);
    }
    try {
      return await oidc.discovery(
        p.issuer,
        p.clientId,
        p.clientSecret ?? {},
        p.clientSecret ? oidc.ClientSecretBasic(p.clientSecret) : oidc.None(),
        { execute: p.allowInsecure ? [oidc.allowInsecureRequests] : [], [oidc.customFetch]: fetchWithTimeout },
      );
    } catch (err) {
      log.warn('oauth discovery failed', { provider: p.id, issuer: p.issuer.href, err });
      throw new IssuerUnavailable(`Could not reach the sign-in provider (${p.issuer.host}). Please try again later.`);
    }
  }

  return {
    get(p: OAuthProvider): Promise<oidc.Configuration> {
      let pending = cache.get(p.id);
      if (!pending) {
        pending = discover(p);
        cache.set(p.id, pending);
        pending.catch(() => cache.delete(p.id));
      }
      return pending;
    },
  };
}

export type IssuerClients = ReturnType<typeof createIssuerClients>;
