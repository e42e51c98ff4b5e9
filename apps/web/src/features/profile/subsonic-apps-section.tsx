import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { CopyButton } from './copy-button.js';
import { RotatePasswordButton } from './rotate-password-button.js';
import { LoadState, SettingsSection } from './settings-section.js';
import { SubsonicApiKeys } from './subsonic-api-keys.js';
import { credentialsUrl, subsonicCredentialsApi, type NewApiKey, type SubsonicCredentials, type SubsonicCredentialsApi } from './subsonic-credentials-api.js';

export const subsonicCredentialsKey = (userId: string) => ['subsonic-credentials', userId] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <span className="font-medium">{label}</span>
      <span className="flex min-w-0 items-center gap-1">{children}</span>
    </div>
  );
}

/**
 * Profile, signed in: what a Subsonic app needs to sign in (server address,
 * user name, app password) and the account's API keys. `api` is for tests.
 */
export function SubsonicAppsSection({ userId, api: given }: { userId: string; api?: SubsonicCredentialsApi }) {
  const config = useClientConfig();
  const api = useMemo(() => given ?? subsonicCredentialsApi(credentialsUrl(config.backendEndpoint)), [given, config.backendEndpoint]);
  const queryClient = useQueryClient();
  const key = subsonicCredentialsKey(userId);
  const credentials = useQuery({ queryKey: key, queryFn: api.get, staleTime: 60_000 });
  const [revealed, setRevealed] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const failed = (what: string) => () => toast.error(`Couldn't ${what}`, { duration: TOAST_MS.default });
  const patch = (change: (c: SubsonicCredentials) => SubsonicCredentials) =>
    queryClient.setQueryData<SubsonicCredentials>(key, (c) => (c ? change(c) : c));

  const rotate = useMutation({
    mutationFn: api.rotateAppPassword,
    onSuccess: ({ appPassword }) => {
      patch((c) => ({ ...c, appPassword }));
      setRevealed(true);
      toast.success('New app password: sign your apps in again', { duration: TOAST_MS.default });
    },
    onError: failed('rotate the app password'),
  });
  const create = useMutation({
    mutationFn: api.createApiKey,
    onSuccess: (k) => {
      setCreated(k);
      patch((c) => ({ ...c, apiKeys: [{ id: k.id, createdAt: k.createdAt, lastUsedAt: null }, ...c.apiKeys] }));
    },
    onError: failed('create an API key'),
  });
  const revoke = useMutation({
    mutationFn: api.revokeApiKey,
    onSuccess: (_, id) => {
      patch((c) => ({ ...c, apiKeys: c.apiKeys.filter((k) => k.id !== id) }));
      if (created?.id === id) setCreated(null);
      toast('API key revoked', { duration: TOAST_MS.default });
    },
    onError: failed('revoke the API key'),
  });

  const c = credentials.data;
  return (
    <SettingsSection id="subsonic-apps" title="Subsonic apps" intro="Listen in any Subsonic or OpenSubsonic app with your library, favourites and playlists.">
      <LoadState query={credentials} what="Subsonic details" />
      {c && (
        <>
          <Row label="Server address">
            <code className="break-all">{c.serverUrl}</code>
            <CopyButton text={c.serverUrl} label="Copy server address" />
          </Row>
          <Row label="User name">
            <code className="break-all">{c.username}</code>
            <CopyButton text={c.username} label="Copy user name" />
          </Row>
          <Row label="App password">
            <code aria-label={revealed ? 'App password' : 'App password, hidden'}>{revealed ? c.appPassword : '•'.repeat(12)}</code>
            <button
              type="button"
              onClick={() => setRevealed((r) => !r)}
              aria-label={revealed ? 'Hide app password' : 'Show app password'}
              aria-pressed={revealed}
              className="rounded-full p-2 hover:bg-raised"
            >
              {revealed ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            </button>
            <CopyButton text={c.appPassword} label="Copy app password" />
            <RotatePasswordButton onConfirm={() => rotate.mutate()} busy={rotate.isPending} />
          </Row>
          <SubsonicApiKeys
            keys={c.apiKeys}
            created={created}
            busy={create.isPending || revoke.isPending}
            onCreate={() => create.mutate()}
            onRevoke={(id) => revoke.mutate(id)}
          />
        </>
      )}
    </SettingsSection>
  );
}
