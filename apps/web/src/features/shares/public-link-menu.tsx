import { Link2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useMayShare } from './public-link-button.js';
import { PublicLinkDialog, type Shareable } from './public-link-dialog.js';
import type { ShareLinksApi } from './share-links-api.js';

/** 'Make a public link' as an item of a menu (given the menu's item class); `onSelect` opens the dialog. */
export function PublicLinkMenuItem({ className, onSelect }: { className: string; onSelect: () => void }) {
  return (
    <DropdownMenu.Item className={className} onSelect={onSelect}>
      <Link2 className="size-4" aria-hidden /> Make a public link
    </DropdownMenu.Item>
  );
}

/**
 * 'Make a public link' for a menu that closes (and so unmounts its items) when one is chosen: whether the
 * listener may make links, `make(item)` to open the dialog for an item, and `dialog`, to render outside the menu.
 */
export function usePublicLinkMaker(api?: ShareLinksApi): { mayShare: boolean; make: (item: Shareable) => void; dialog: ReactNode } {
  const mayShare = useMayShare(api);
  const [item, setItem] = useState<Shareable | null>(null);
  const dialog = item && <PublicLinkDialog item={item} open onOpenChange={(open) => !open && setItem(null)} {...(api ? { api } : {})} />;
  return { mayShare, make: setItem, dialog };
}
