import { KeyRound, Trash2 } from 'lucide-react';
import { CopyButton } from './copy-button.js';
import type { NewApiKey, SubsonicApiKey } from './subsonic-credentials-api.js';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** API keys: a new one shown once (with copy), the others by creation date, each revocable. */
export function SubsonicApiKeys({
  keys,
  created,
  busy,
  onCreate,
  onRevoke,
}: {
  keys: readonly SubsonicApiKey[];
  created: NewApiKey | null;
  busy: boolean;
  onCreate: () => void;
  onRevoke: (id: string) => void;
}) {
  return (
    <div className="mt-4 border-t border-line pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium">API keys</span>
        <button
          type="button"
          onClick={onCreate}
          disabled={busy}
          className="flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm font-medium hover:bg-raised disabled:opacity-60"
        >
          <KeyRound className="size-4" aria-hidden />
          Create API key
        </button>
      </div>
      {created && (
        <div role="status" className="mt-3 rounded-lg border border-accent p-3">
          <p className="text-sm text-muted">Copy your new key now: it is not shown again.</p>
          <div className="mt-1 flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all">{created.apiKey}</code>
            <CopyButton text={created.apiKey} label="Copy API key" />
          </div>
        </div>
      )}
      {keys.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No API keys yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1" aria-label="API keys">
          {keys.map((k) => (
            <li key={k.id} className="flex items-center justify-between gap-3 text-sm">
              <span>
                Created {day(k.createdAt)}
                {k.lastUsedAt && <span className="text-muted"> · last used {day(k.lastUsedAt)}</span>}
              </span>
              <button
                type="button"
                onClick={() => onRevoke(k.id)}
                disabled={busy}
                aria-label={`Revoke the API key created ${day(k.createdAt)}`}
                className="flex items-center gap-1 rounded-full px-2 py-1 text-muted hover:bg-raised hover:text-white disabled:opacity-60"
              >
                <Trash2 className="size-4" aria-hidden />
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
