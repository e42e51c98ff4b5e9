/**
 * The run-time configuration the server publishes at /config.json, so one
 * build runs on any install: catalogue hosts tried in turn (SPEC#product-song-catalogue-data), the
 * backend endpoint and project, the sign-in methods offered (DESIGN §6), and
 * whether the server is private (ACCESS) and takes new accounts (SIGNUPS).
 */
export interface ClientConfig {
  projectId: string;
  backendEndpoint: string;
  catalogueHosts: string[];
  signIn: { google: boolean; oidc: boolean; email: boolean };
  /** `private`: only signed-in accounts listen, so a signed-out visitor is shown the sign-in. Absent: public. */
  access?: 'public' | 'private';
  /** `closed`: the server makes no new accounts; `invite`: only from an invitation link. Absent: open. */
  signUps?: 'open' | 'invite' | 'closed';
  /** True while no account has claimed the server: its first sign-up needs no invitation (and becomes its administrator). */
  firstAccount?: true;
}

/** Used when /config.json is unreachable: everything on this server. */
export const DEFAULT_CONFIG: ClientConfig = {
  projectId: 'lyra',
  backendEndpoint: '/v1',
  catalogueHosts: ['/api'],
  signIn: { google: false, oidc: false, email: true },
};

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? v.filter((s) => s.trim() !== '') : null;

/** Reads a config body, keeping the default for every missing or malformed field. */
export function parseClientConfig(body: unknown): ClientConfig {
  if (!body || typeof body !== 'object') return DEFAULT_CONFIG;
  const b = body as Record<string, unknown>;
  const hosts = strings(b.catalogueHosts);
  const signIn = (b.signIn && typeof b.signIn === 'object' ? b.signIn : {}) as Record<string, unknown>;
  return {
    projectId: typeof b.projectId === 'string' && b.projectId ? b.projectId : DEFAULT_CONFIG.projectId,
    backendEndpoint: typeof b.backendEndpoint === 'string' && b.backendEndpoint ? b.backendEndpoint : DEFAULT_CONFIG.backendEndpoint,
    catalogueHosts: hosts && hosts.length > 0 ? hosts : DEFAULT_CONFIG.catalogueHosts,
    signIn: {
      google: signIn.google === true,
      oidc: signIn.oidc === true,
      email: signIn.email !== false,
    },
    // Only the non-default values are kept: an older server says nothing, and is public and open.
    ...(b.access === 'private' ? { access: 'private' as const } : {}),
    ...(b.signUps === 'closed' || b.signUps === 'invite' ? { signUps: b.signUps } : {}),
    ...(b.firstAccount === true ? { firstAccount: true as const } : {}),
  };
}

/**
 * Whether a sign-up can succeed here, so the sign-in offers one: sign-ups are open, or invite-only with an
 * invitation in hand, or the server has no account yet (its first one needs none). Never on a closed server.
 */
export function signUpPossible(config: Pick<ClientConfig, 'signUps' | 'firstAccount'>, hasInvitation: boolean): boolean {
  const mode = config.signUps ?? 'open';
  if (mode === 'closed') return false;
  return mode === 'open' || hasInvitation || config.firstAccount === true;
}

/** /config.json as the server publishes it now; null when it cannot be read. */
export async function readClientConfig(fetchFn: typeof fetch = fetch, init: RequestInit = {}): Promise<ClientConfig | null> {
  try {
    const res = await fetchFn('/config.json', { credentials: 'same-origin', ...init });
    return res.ok ? parseClientConfig(await res.json()) : null;
  } catch {
    return null;
  }
}

export async function loadClientConfig(fetchFn: typeof fetch = fetch): Promise<ClientConfig> {
  return (await readClientConfig(fetchFn)) ?? DEFAULT_CONFIG;
}
