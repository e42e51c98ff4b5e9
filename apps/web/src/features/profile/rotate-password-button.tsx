import { AlertDialog } from 'radix-ui';
import { RefreshCw } from 'lucide-react';

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
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-panel p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">Rotate the app password?</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-muted">
            Apps signed in with the current password stop working until you sign them in with the new one.
          </AlertDialog.Description>
          <div className="mt-4 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-full border border-line px-4 py-2 font-medium hover:bg-raised">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action onClick={onConfirm} className="rounded-full bg-accent px-4 py-2 font-semibold text-white">
              Rotate password
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
