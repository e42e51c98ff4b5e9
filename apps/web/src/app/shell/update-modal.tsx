import { Dialog } from 'radix-ui';
import { useNavigate } from 'react-router';
import { readStoredUser } from '../../shared/lib/stored-user.js';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** SPEC#update-modal "Update modal": thanks the user (or Guest), lists the changes, 'Update Now' / 'Give Feedback'. */
export function UpdateModal({ open, onOpenChange, onUpdate }: { open: boolean; onOpenChange: (open: boolean) => void; onUpdate: () => void }) {
  const navigate = useNavigate();
  const name = readStoredUser()?.name.trim() || 'Guest';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content className={dialogPanel('w-[min(92vw,26rem)]')}>
          <Dialog.Title className={DIALOG_TITLE}>Thank you, {name}!</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">A new version of Lyra is ready. What changed:</Dialog.Description>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            <li>Fixed the 'No Songs' bug in Artists</li>
            <li>Infinite songs in the queue</li>
          </ul>
          <div className="mt-6 flex justify-end gap-2">
            <button
              type="button"
              onClick={() => {
                onOpenChange(false);
                void navigate('/profile');
              }}
              className="rounded-full px-4 py-2 text-sm font-medium text-muted hover:text-white"
            >
              Give Feedback
            </button>
            <button type="button" onClick={onUpdate} className={accentButton('px-4 py-2 text-sm')}>
              Update Now
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
