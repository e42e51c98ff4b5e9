import { AlertDialog } from 'radix-ui';
import { RefreshCw } from 'lucide-react';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** "Rotate" with a confirmation: apps using the current app password must sign in again. */
export function RotatePasswordButton({ onConfirm, busy }: { onConfirm: () => void; busy: boolean }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          disabled={busy}
          className="flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm font-medium hover:bg-raised disabled:opacity-60"
        >
          <RefreshCw className="size-4" aria-hidden />
          Rotate
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={DIALOG_OVERLAY} />
        <AlertDialog.Content className={dialogPanel('w-[min(92vw,26rem)]')}>
          <AlertDialog.Title className={DIALOG_TITLE}>Rotate the app password?</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-muted">
            Apps signed in with the current password stop working until you sign them in with the new one.
          </AlertDialog.Description>
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-full border border-line px-4 py-2 font-medium hover:bg-raised">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className={accentButton('px-4 py-2')}>
              Rotate password
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
