import * as oidc from 'openid-client';
import type { Deps } from '../../module.js';
import type { Accounts } from '../accounts/accounts.js';
import type { UserRow } from '../accounts/users.store.js';
import { hashSecret, newSecret } from '../auth/secrets.js';
import { AppwriteError } from '../http/errors.js';
import { createIssuerClients, IssuerUnavailable } from './issuer-client.js';
import { userForProfile, type ProviderProfile } from './oauth-users.js';
import type { Invitations } from '../accounts/invitations.js';
import { oauthStatesStore, type OAuthStateRow } from './oauth-states.store.js';
import { configuredProviders, requestedScopes, type OAuthProvider } from './providers.js';

/** How long a user may spend at the provider before the state expires. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/**
 * How long the app has to exchange the token's secret for a session. Appwrite
 * uses about a minute; a first visit to /callback on a slow phone network can
 * take longer, and the token is single-use anyway.
 */
export const OAUTH_TOKEN_TTL_MS = 5 * 60_000;

export type FlowMode = OAuthStateRow['mode'];

/** A failure the app is told about through its failure URL (backend-api.md §3, OAuth step 4). */
export class OAuthFailure extends Error {
  constructor(
    message: string,
    readonly type = 'user_oauth2_provider_error',
    readonly code = 424,
  ) {
    super(message);
  }
}

export const providerDisabled = () =>
  new AppwriteError(
    412,
    'project_provider_disabled',
    'The chosen OAuth provider is disabled. You can enable the OAuth provider using the Appwrite console.',
  );

export type OAuthFlows = ReturnType<typeof createOAuthFlows>;

/** The OAuth2/OpenID Connect authorization code flow with state, PKCE (S256) and nonce. */
export function createOAuthFlows(deps: Deps, { accounts, invitations }: { accounts: Accounts; invitations: Invitations }) {
  const providers = configuredProviders(deps.config);
  const issuers = createIssuerClients(deps.log);
  const states = oauthStatesStore(deps.db);

  function provider(id: string): OAuthProvider {
    const p = providers.get(id);
    if (!p) throw providerDisabled();
    return p;
  }

  /** Stores the flow and returns the provider's authorization URL and the state to bind to the browser. */
  async function begin(f: {
    provider: OAuthProvider;
    mode: FlowMode;
    redirectUri: string;
    success: string;
    failure: string;
    scopes: string[];
    /** The hash of the invitation the visitor holds (invitationHash), spent if the sign-in makes an account. */
    invitationHash: string | null;
  }): Promise<{ url: URL; state: string }> {
    let config: oidc.Configuration;
    try {
      config = await issuers.get(f.provider);
    } catch (err) {
      throw new OAuthFailure(err instanceof IssuerUnavailable ? err.message : 'Could not reach the sign-in provider.');
    }
    const state = oidc.randomState();
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const now = deps.now();
    await states.insert(
      hashSecret(state),
      {
        provider: f.provider.id,
        mode: f.mode,
        code_verifier: verifier,
        nonce,
        redirect_uri: f.redirectUri,
        success: f.success,
        failure: f.failure,
        expire: new Date(now + OAUTH_STATE_TTL_MS),
        invitation_hash: f.invitationHash,
      },
      new Date(now),
    );
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: f.redirectUri,
      scope: requestedScopes(f.provider, f.scopes),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state };
  }

  /** The flow a callback belongs to (consumed: a state is accepted once), or null when unknown. */
  const take = (state: string) => states.take(hashSecret(state));

  /** Checks the authorization response, redeems the code and finds or creates the user. */
  async function complete(flow: OAuthStateRow, providerId: string, query: URLSearchParams): Promise<{ user: UserRow; sub: string }> {
    if (flow.expire.getTime() <= deps.now()) throw new OAuthFailure('The sign-in took too long. Please start it again.');
    if (flow.provider !== providerId) throw new OAuthFailure('Invalid OAuth state. Please start the sign-in again.');
    const error = query.get('error');
    if (error) {
      const description = query.get('error_description');
      throw new OAuthFailure(`The sign-in provider returned an error: ${error}${description ? ` (${description})` : ''}.`);
    }
    const p = provider(providerId);
    let profile: ProviderProfile;
    try {
      const config = await issuers.get(p);
      const current = new URL(flow.redirect_uri);
      current.search = query.toString();
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: query.get('state') ?? '',
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = { ...tokens.claims() };
      if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
        claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
      }
      profile = profileFrom(claims);
    } catch (err) {
      deps.log.warn('oauth exchange failed', { provider: providerId, err });
      const why = err instanceof Error ? err.message : String(err);
      throw new OAuthFailure(`Failed to obtain access token. The OAuth2 provider returned an error: ${why}`);
    }
    const user = await userForProfile(deps.db, providerId, profile, deps.now(), {
      admitNew: (create) => invitations.admitHashed(flow.invitation_hash, create),
    });
    if (!user.status) throw new OAuthFailure('The current user has been blocked.', 'user_blocked', 403);
    return { user, sub: profile.sub };
  }

  /** A single-use token for the token flow; the secret goes to the app in the success URL. */
  async function mintToken(userId: string, providerId: string, sub: string): Promise<string> {
    const secret = newSecret();
    await accounts.createToken({ userId, type: 'oauth2', provider: providerId, providerUid: sub, secret, ttlMs: OAUTH_TOKEN_TTL_MS });
    return secret;
  }

  return { provider, begin, take, complete, mintToken };
}

/** OpenID Connect standard claims (Core §5.1) -> what we keep. */
function profileFrom(claims: Record<string, unknown>): ProviderProfile {
  const str = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string) : '');
  const name = str('name') || [str('given_name'), str('family_name')].filter(Boolean).join(' ');
  return {
    sub: str('sub'),
    email: str('email') || null,
    // Some issuers send "true" as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name,
  };
}
