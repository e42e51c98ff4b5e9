import { Dialog } from 'radix-ui';
import { useNavigate } from 'react-router';
import { readStoredUser } from '../../shared/lib/stored-user.js';

/** SPEC §2 "Update modal": thanks the user (or Guest), lists the changes, 'Update Now' / 'Give Feedback'. */
export function UpdateModal({ open, onOpenChange, onUpdate }: { open: boolean; onOpenChange: (open: boolean) => void; onUpdate: () => void }) {
  const navigate = useNavigate();
  const name = readStoredUser()?.name.trim() || 'Guest';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-panel p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">Thank you, {name}!</Dialog.Title>
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
            <button type="button" onClick={onUpdate} className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-white">
              Update Now
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
