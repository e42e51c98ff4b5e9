import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { copyText } from '../../shared/lib/clipboard.js';
import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { accentButton } from '../../shared/ui/button-classes.js';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';
import { SelectOptions } from '../../shared/ui/select-options.js';
import { BusyButton } from '../../shared/ui/busy-button.js';
import { CAP_OPTIONS, endOfDay, EXPIRY_OPTIONS } from './public-link-options.js';
import type { ShareLinksApi } from './share-links-api.js';
import { useCreateShareLink, useShareLinksApi } from './use-share-links.js';

/** What a public link is made to: a song, an album or one of the listener's playlists. */
export interface Shareable {
  id: string;
  name: string;
}

const FIELD = 'rounded-lg border border-line bg-surface px-2 py-1.5';

/**
 * 'Make a public link': when it expires, the best quality it plays, 'Make link'. The made link is copied
 * (toast 'Public link copied to clipboard') and shown with 'Copy link'; a refusal shows the server's words.
 */
export function PublicLinkDialog({ item, open, onOpenChange, api: given }: { item: Shareable; open: boolean; onOpenChange: (open: boolean) => void; api?: ShareLinksApi }) {
  const create = useCreateShareLink(useShareLinksApi(given));
  const [expiry, setExpiry] = useState<(typeof EXPIRY_OPTIONS)[number]['value']>('week');
  const [date, setDate] = useState('');
  const [cap, setCap] = useState('');
  const [error, setError] = useState<string | null>(null);
  const made = create.data;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const expires = expiry === 'date' ? endOfDay(date) : expiry;
    if (expires === null) return setError('Choose the day the link stops working.');
    setError(null);
    try {
      const link = await create.mutateAsync({ id: item.id, expires, maxBitRate: cap === '' ? null : Number(cap) });
      if (await copyText(link.url)) toast.success('Public link copied to clipboard', { duration: TOAST_MS.default });
    } catch (err) {
      setError(err instanceof Error ? err.message : "Couldn't make the link");
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          create.reset();
          setError(null);
        }
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content className={dialogPanel('w-[min(92vw,26rem)]')}>
          <Dialog.Title className={DIALOG_TITLE}>Make a public link</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Anyone with the link can play {item.name}, without an account, and nothing else.
          </Dialog.Description>
          {made ? (
            <div className="mt-4 flex flex-col gap-2">
              <label className="flex flex-col gap-1 text-sm font-medium">
                Public link
                <input readOnly value={made.url} className={FIELD} onFocus={(e) => e.currentTarget.select()} />
              </label>
              <button
                type="button"
                onClick={() => void copyText(made.url).then((ok) => ok && toast.success('Public link copied to clipboard', { duration: TOAST_MS.default }))}
                className={accentButton('px-4 py-2')}
              >
                Copy link
              </button>
            </div>
          ) : (
            <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3">
              <label className="flex flex-col gap-1 text-sm font-medium">
                Expires
                <select value={expiry} onChange={(e) => setExpiry(e.target.value as typeof expiry)} className={FIELD}>
                  <SelectOptions options={EXPIRY_OPTIONS} />
                </select>
              </label>
              {expiry === 'date' && (
                <label className="flex flex-col gap-1 text-sm font-medium">
                  Last day
                  <input type="date" value={date} onChange={(e) => setDate(e.target.value)} className={FIELD} />
                </label>
              )}
              <label className="flex flex-col gap-1 text-sm font-medium">
                Quality
                <select value={cap} onChange={(e) => setCap(e.target.value)} className={FIELD}>
                  <SelectOptions options={CAP_OPTIONS} />
                </select>
              </label>
              {error && (
                <p role="alert" className="text-sm text-red-400">
                  {error}
                </p>
              )}
              <BusyButton type="submit" busy={create.isPending} className={accentButton('flex items-center justify-center gap-2 px-4 py-2 disabled:opacity-60')}>
                Make link
              </BusyButton>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
