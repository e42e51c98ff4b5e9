import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { devicesApi } from './devices-api.js';

export const deviceNamesKey = ['backend', 'device-names'] as const;

const linkButton = 'text-sm text-muted underline-offset-2 hover:text-white hover:underline';

/**
 * A device's name in Profile's devices list (SPEC#devices-signed-every-open): the name given
 * to its session, else `fallback` (its browser and system), with 'Rename'.
 */
export function DeviceName({ sessionId, fallback }: { sessionId: string; fallback: string }) {
  const config = useClientConfig();
  const api = useMemo(() => devicesApi(config.backendEndpoint, config.projectId), [config.backendEndpoint, config.projectId]);
  const queryClient = useQueryClient();
  const names = useQuery({ queryKey: deviceNamesKey, queryFn: () => api.names() });
  const name = names.data?.find((n) => n.sessionId === sessionId)?.name ?? fallback;
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (given: string) => api.rename(sessionId, given),
    onSuccess: () => {
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: deviceNamesKey });
    },
    onError: () => toast.error("Couldn't rename the device", { duration: TOAST_MS.default }),
  });
  if (draft === null) {
    return (
      <>
        {name}{' '}
        <button type="button" onClick={() => setDraft(name)} aria-label={`Rename ${name}`} className={linkButton}>
          Rename
        </button>
      </>
    );
  }
  const trimmed = draft.trim();
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed) save.mutate(trimmed);
      }}
    >
      <input
        aria-label="Device name"
        value={draft}
        maxLength={64}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        className="min-w-0 rounded-md border border-line bg-raised px-2 py-1 text-sm"
      />
      <button type="submit" disabled={!trimmed || save.isPending} className={linkButton}>
        Save
      </button>
      <button type="button" onClick={() => setDraft(null)} className={linkButton}>
        Cancel
      </button>
    </form>
  );
}
