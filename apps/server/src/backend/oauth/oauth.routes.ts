import { Hono, type Context } from 'hono';
import type { Deps } from '../../module.js';
import type { Accounts } from '../accounts/accounts.js';
import { invitationHash, type Invitations } from '../accounts/invitations.js';
import { setSessionCookies } from '../accounts/session-cookies.js';
import type { Sessions } from '../accounts/sessions.js';
import type { BackendEnv } from '../auth/caller.js';
import { safeEqual } from '../auth/secrets.js';
import { parseCookieHeader } from '../http/cookies.js';
import { AppwriteError } from '../http/errors.js';
import { invalidParam } from '../http/params.js';
import { createOriginPolicy } from '../http/origins.js';
import { projectNotFound } from '../http/project.js';
import { clientHttps, clientIp, devProxyPage, selfOrigin, userAgent } from '../http/request-info.js';
import { createOAuthFlows, OAuthFailure, OAUTH_STATE_TTL_MS, type FlowMode } from './oauth.js';
import { checkRedirectUrl, failureLocation, withParams } from './redirect-urls.js';

const CALLBACK_PATH = '/v1/account/sessions/oauth2/callback';
/** Binds a flow to the browser that started it (login CSRF): only the callback sees it. */
const STATE_COOKIE = 'lyra_oauth_state';

/** RFC 6749 §3.3 scope-token characters. */
const SCOPE_RE = /^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/;

/** `scopes[0]=a&scopes[1]=b` as the SDK sends them; `scopes[]` and repeated `scopes` too. */
function scopesParam(c: Context): string[] {
  const scopes: string[] = [];
  for (const [k, v] of new URL(c.req.url).searchParams) {
    if (/^scopes(\[\d*\])?$/.test(k)) scopes.push(v);
  }
  if (scopes.length > 100 || !scopes.every((s) => SCOPE_RE.test(s))) {
    throw invalidParam('scopes', 'Value must be an array of at most 100 valid OAuth scopes.');
  }
  return scopes;
}

/** Moves the browser on; never cached (Appwrite sends the same headers on its OAuth redirects). */
function redirect(c: Context, location: string) {
  c.header('Cache-Control', 'no-store, no-cache, must-revalidate, max-age=0');
  c.header('Pragma', 'no-cache');
  return c.redirect(location, 302);
}

/**
 * The OAuth2 entry points (backend-api.md §3): the token flow
 * (`/account/tokens/oauth2/{provider}`, the app receives `userId` + `secret`)
 * and the cookie flow (`/account/sessions/oauth2/{provider}`), both ending at
 * `/account/sessions/oauth2/callback/{provider}/{projectId}`. With
 * SIGNUPS=invite, `invitation` (the secret of an admin's link) pays for the
 * account a first sign-in makes.
 */
export function oauthRoutes(
  deps: Deps,
  { accounts, sessions, invitations }: { accounts: Accounts; sessions: Sessions; invitations: Invitations },
) {
  const project = deps.config.APPWRITE_PROJECT_ID;
  const flows = createOAuthFlows(deps, { accounts, invitations });
  const origins = createOriginPolicy(deps.config);
  const routes = new Hono<BackendEnv>();
  const base = (c: Context) => (deps.config.PUBLIC_URL ?? selfOrigin(c, deps.config)).replace(/\/+$/, '');

  const start = (mode: FlowMode) => async (c: Context<BackendEnv>) => {
    const provider = flows.provider(c.req.param('provider') ?? '');
    const allowed = (origin: string) => origins.isAllowed(origin, selfOrigin(c, deps.config)) || origin === devProxyPage(c, deps.config);
    const home = base(c) + '/';
    const success = checkRedirectUrl('success', c.req.query('success'), home, allowed);
    const failure = checkRedirectUrl('failure', c.req.query('failure'), home, allowed);
    const scopes = scopesParam(c);
    // Lyra's own parameter (the SDK has none): the invitation the visitor came with, for a first sign-in.
    const invitation = c.req.query('invitation');
    try {
      const { url, state } = await flows.begin({
        provider,
        mode,
        redirectUri: `${base(c)}${CALLBACK_PATH}/${provider.id}/${project}`,
        success,
        failure,
        scopes,
        invitationHash: invitation ? invitationHash(invitation) : null,
      });
      c.header(
        'Set-Cookie',
        `${STATE_COOKIE}=${state}; Max-Age=${OAUTH_STATE_TTL_MS / 1000}; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax` +
          (clientHttps(c, deps.config) ? '; Secure' : ''),
      );
      return redirect(c, url.toString());
    } catch (err) {
      if (err instanceof OAuthFailure) return redirect(c, failureLocation(failure, err));
      throw err;
    }
  };

  routes.get('/v1/account/tokens/oauth2/:provider', start('token'));
  routes.get('/v1/account/sessions/oauth2/:provider', start('session'));

  routes.get(`${CALLBACK_PATH}/:provider/:projectId`, async (c) => {
    if (c.req.param('projectId') !== project) throw projectNotFound();
    const query = new URL(c.req.url).searchParams;
    const state = query.get('state') ?? '';
    const bound = parseCookieHeader(c.req.header('cookie')).get(STATE_COOKIE) ?? '';
    c.header('Set-Cookie', `${STATE_COOKIE}=; Max-Age=0; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax`);
    // The flow is found by the state the provider echoed, or, when that was
    // tampered with, by the browser's cookie (only to learn where to send the failure).
    const flow = (state && (await flows.take(state))) || (bound && (await flows.take(bound))) || null;
    if (!flow) {
      throw new AppwriteError(400, 'general_argument_invalid', 'The OAuth state is missing, unknown or was already used. Please start the sign-in again.');
    }
    try {
      if (!state || !bound || !safeEqual(state, bound)) {
        throw new OAuthFailure('Invalid OAuth state. Please start the sign-in again.');
      }
      const providerId = c.req.param('provider');
      const { user, sub } = await flows.complete(flow, providerId, query);
      if (flow.mode === 'session') {
        const issued = await sessions.issue(
          user.id,
          { provider: providerId, providerUid: sub, factors: ['email', 'oauth2'] },
          { ip: clientIp(c, deps.config), userAgent: userAgent(c) },
        );
        setSessionCookies(c, deps.config, issued);
        return redirect(c, flow.success);
      }
      const secret = await flows.mintToken(user.id, providerId, sub);
      return redirect(c, withParams(flow.success, { secret, userId: user.id }));
    } catch (err) {
      if (err instanceof OAuthFailure || err instanceof AppwriteError) return redirect(c, failureLocation(flow.failure, err));
      deps.log.error('oauth callback failed', { err });
      return redirect(c, failureLocation(flow.failure, new OAuthFailure('The sign-in failed. Please try again.')));
    }
  });

  return routes;
}
