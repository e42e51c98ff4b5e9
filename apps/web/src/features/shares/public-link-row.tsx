import { Clock, Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { copyText } from '../../shared/lib/clipboard.js';
import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { nameOf } from './link-subjects.js';
import { EXPIRY_OPTIONS, expiryLabel, KIND_LABEL, madeLabel } from './public-link-options.js';
import type { ShareExpiry, ShareLink } from './share-links-api.js';

const SMALL_BUTTON = 'flex items-center gap-1 rounded-full px-2 py-1 text-sm text-muted hover:bg-raised hover:text-white disabled:opacity-60';

/**
 * One public link: what it holds, its expiry, 'Copy link', 'Change expiry' and 'Revoke' (asked first), the buttons
 * named after `subject` ('Revoke the link to {name}', unique in its list). `withMaker` (Admin's list of every
 * account's links) adds who made it and when, and its address.
 */
export function PublicLinkRow({
  link,
  subject,
  onRevoke,
  onChangeExpiry,
  busy,
  withMaker = false,
}: {
  link: ShareLink;
  subject: string;
  onRevoke: () => void;
  onChangeExpiry: (expires: ShareExpiry, done: () => void) => void;
  busy: boolean;
  withMaker?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [changing, setChanging] = useState(false);
  const [expires, setExpires] = useState<ShareExpiry>('week');
  const name = nameOf(link);
  const copy = async () => {
    if (await copyText(link.url)) toast.success('Public link copied to clipboard', { duration: TOAST_MS.default });
    else toast.error("Couldn't copy: select the text instead", { duration: TOAST_MS.default });
  };
  return (
    <li className="flex flex-col gap-1 border-t border-line py-3 first:border-t-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words">
          <span className="text-muted">{KIND_LABEL[link.what.kind]}: </span>
          <span className="font-medium">{name}</span>
        </span>
        <span className="flex items-center gap-1">
          <button type="button" onClick={() => void copy()} aria-label={`Copy ${subject}`} className={SMALL_BUTTON}>
            <Copy className="size-4" aria-hidden /> Copy link
          </button>
          <button type="button" onClick={() => setChanging(true)} aria-label={`Change the expiry of ${subject}`} className={SMALL_BUTTON} disabled={busy}>
            <Clock className="size-4" aria-hidden /> Change expiry
          </button>
          <button type="button" onClick={() => setAsking(true)} aria-label={`Revoke ${subject}`} className={SMALL_BUTTON} disabled={busy}>
            <Trash2 className="size-4" aria-hidden /> Revoke
          </button>
        </span>
      </div>
      {withMaker && <p className="text-sm text-muted">{madeLabel(link)}</p>}
      <p className="text-sm text-muted">
        {expiryLabel(link.expires)}
        {link.maxBitRate !== null && ` · up to ${link.maxBitRate} kbps`}
        {` · opened ${link.visitCount} ${link.visitCount === 1 ? 'time' : 'times'}`}
      </p>
      {withMaker && <p className="text-xs break-all text-muted select-all">{link.url}</p>}
      {changing && (
        <div role="group" aria-label="Change expiry" className="mt-1 flex flex-wrap items-center gap-2 rounded-lg border border-line p-2 text-sm">
          <label className="flex flex-1 items-center gap-2">
            New expiry
            <select value={expires} onChange={(e) => setExpires(e.target.value as ShareExpiry)} className="rounded-lg border border-line bg-surface px-2 py-1">
              {EXPIRY_OPTIONS.filter((o) => o.value !== 'date').map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => onChangeExpiry(expires, () => setChanging(false))} disabled={busy} className="rounded-full bg-raised px-3 py-1 font-semibold hover:bg-line disabled:opacity-60">
            Save
          </button>
          <button type="button" onClick={() => setChanging(false)} disabled={busy} className="rounded-full px-3 py-1 hover:bg-raised">
            Cancel
          </button>
        </div>
      )}
      {asking && (
        <div role="group" aria-label="Revoke this link?" className="mt-1 flex flex-wrap items-center gap-2 rounded-lg border border-line p-2 text-sm">
          <span className="flex-1">Revoke this link? It stops working at once.</span>
          <button type="button" onClick={onRevoke} disabled={busy} className="flex items-center gap-1 rounded-full bg-red-600 px-3 py-1 font-semibold text-white disabled:opacity-60">
            {busy && <Spinner className="size-4" />}
            Revoke link
          </button>
          <button type="button" onClick={() => setAsking(false)} disabled={busy} className="rounded-full px-3 py-1 hover:bg-raised">
            Keep it
          </button>
        </div>
      )}
    </li>
  );
}
