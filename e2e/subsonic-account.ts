/**
 * A Subsonic app's account on the e2e server: an account made over /v1 (the first
 * on a fresh server is its administrator), its app password read as the web
 * app's Profile reads it, and calls to /rest with it (JSON answers).
 */
const PROJECT = { 'x-appwrite-project': 'lyra', 'content-type': 'application/json' };

export interface SubsonicAccount {
  username: string;
  appPassword: string;
  /** `/rest/<method>` with the account's credentials; the `subsonic-response` object. */
  rest(method: string, params?: Record<string, string>): Promise<Record<string, unknown>>;
}

export async function subsonicAccount(serverUrl: string, email: string, password: string, name = 'Subsonic Listener'): Promise<SubsonicAccount> {
  const made = await fetch(`${serverUrl}/v1/account`, { method: 'POST', headers: PROJECT, body: JSON.stringify({ userId: 'unique()', email, password, name }) });
  if (made.status !== 201) throw new Error(`sign-up: ${made.status} ${await made.text()}`);
  const session = await fetch(`${serverUrl}/v1/account/sessions/email`, { method: 'POST', headers: PROJECT, body: JSON.stringify({ email, password }) });
  if (session.status !== 201) throw new Error(`sign-in: ${session.status} ${await session.text()}`);
  const cookie = session.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const creds = await fetch(`${serverUrl}/subsonic/credentials`, { headers: { ...PROJECT, cookie } });
  if (!creds.ok) throw new Error(`credentials: ${creds.status} ${await creds.text()}`);
  const { appPassword } = (await creds.json()) as { appPassword: string };
  const rest = async (method: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams({ u: email, p: appPassword, v: '1.16.1', c: 'e2e', f: 'json', ...params });
    const res = await fetch(`${serverUrl}/rest/${method}?${query}`);
    return ((await res.json()) as { 'subsonic-response': Record<string, unknown> })['subsonic-response'];
  };
  return { username: email, appPassword, rest };
}
