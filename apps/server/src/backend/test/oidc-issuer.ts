/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { isLoopbackHost } from '../http/origins.js';

/** A person at the test issuer: the claims it will assert. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** What the next interaction does: sign this account in and consent, or act as if the user pressed "Cancel". */
export type NextLogin = TestAccount | 'deny';

export interface OidcIssuerOptions {
  /** Default `lyra-test`. */
  clientId?: string;
  /** Default: random. */
  clientSecret?: string;
  /**
   * Registered redirect URIs. A loopback URI matches on any port (RFC 8252
   * §7.3), so the server under test can listen on a random port. Default: any
   * loopback URL.
   */
  redirectUris?: string[];
  /**
   * Put email/name in the ID Token as Google does (default), or only serve them
   * from the userinfo endpoint as a strict OpenID provider does.
   */
  claimsInIdToken?: boolean;
  /** Who signs in at each authorization request until changed. */
  login?: NextLogin;
}

export interface OidcIssuer {
  /** Issuer URL, `http://127.0.0.1:<port>`: set it as GOOGLE_ISSUER or OIDC_ISSUER. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Env for the server under test, as Google (GOOGLE_*) or as a generic issuer (OIDC_*). */
  env(kind: 'google' | 'oidc'): Record<string, string>;
  /** Changes who signs in (or that the user cancels) from the next authorization on. */
  setLogin(next: NextLogin): void;
  /** Authorization requests the issuer received, newest last. */
  readonly authorizations: URL[];
  close(): Promise<void>;
}

const stripPort = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback,
 * with one confidential client and an interaction that needs no page: it
 * signs the configured test account in and consents at once, or denies.
 * Used for the server's OAuth tests and by the web end-to-end tests.
 */
export async function startOidcIssuer(opts: OidcIssuerOptions = {}): Promise<OidcIssuer> {
  const clientId = opts.clientId ?? 'lyra-test';
  const clientSecret = opts.clientSecret ?? randomBytes(16).toString('hex');
  let next: NextLogin = opts.login ?? { sub: 'test-user', email: 'test@example.com', email_verified: true, name: 'Test User' };
  const accounts = new Map<string, TestAccount>();
  const authorizations: URL[] = [];

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris?.length ? opts.redirectUris : ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: opts.claimsInIdToken === false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
    },
  });
  // Any loopback port for a registered loopback redirect URI (RFC 8252 §7.3); any loopback URL when none was given.
  provider.Client.prototype.redirectUriAllowed = function (uri: string) {
    if (this.redirectUris.includes(uri)) return true;
    let u: URL;
    try {
      u = new URL(uri);
    } catch {
      return false;
    }
    if (!isLoopbackHost(u.hostname) || u.protocol !== 'http:') return false;
    if (!opts.redirectUris?.length) return true;
    return this.redirectUris.some((r) => stripPort(new URL(r)) === stripPort(u));
  };

  const callback = provider.callback();
  handle = (req, res) => {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path === '/auth') authorizations.push(new URL(req.url ?? '/', url));
    if (!path.startsWith('/interaction/')) return callback(req, res);
    void interact(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  };

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (next === 'deny') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      accounts.set(next.sub, next);
      await provider.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    // consent: grant what was asked for.
    const grant = new provider.Grant({ accountId: details.session?.accountId ?? next.sub, clientId: String(details.params.client_id) });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    url,
    clientId,
    clientSecret,
    env: (kind): Record<string, string> => {
      const prefix = kind === 'google' ? 'GOOGLE' : 'OIDC';
      return { [`${prefix}_ISSUER`]: url, [`${prefix}_CLIENT_ID`]: clientId, [`${prefix}_CLIENT_SECRET`]: clientSecret };
    },
    setLogin: (n) => void (next = n),
    authorizations,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
