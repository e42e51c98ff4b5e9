import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { PublicLinkDialog, type Shareable } from './public-link-dialog.js';
import type { ShareLinksApi } from './share-links-api.js';
import { useShareLinks, useShareLinksApi } from './use-share-links.js';

/** Whether the signed-in listener may make public links (the server says; false while unknown or signed out). */
export function useMayShare(api?: ShareLinksApi): boolean {
  return useShareLinks(useShareLinksApi(api)).data?.mayShare === true;
}

/** 'Make a public link' on an album's or the listener's playlist's screen; nothing when they may not share. */
export function PublicLinkButton({ item, api }: { item: Shareable; api?: ShareLinksApi }) {
  const [open, setOpen] = useState(false);
  if (!useMayShare(api)) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Make a public link"
        title="Make a public link"
        className="flex items-center gap-2 rounded-full bg-raised p-2.5 font-semibold hover:bg-line"
      >
        <Link2 className="size-5" aria-hidden />
      </button>
      <PublicLinkDialog item={item} open={open} onOpenChange={setOpen} {...(api ? { api } : {})} />
    </>
  );
}
