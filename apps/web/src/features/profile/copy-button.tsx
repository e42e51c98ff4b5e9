import { Copy } from 'lucide-react';
import { toast } from '../../shared/lib/toast.js';
import { copyText } from '../../shared/lib/clipboard.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';

/** Copies `text`, confirming with a toast; `label` names what is copied ("Copy app password"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const copy = async () => {
    if (await copyText(text)) toast.success('Copied', { duration: TOAST_MS.playlist });
    else toast.error("Couldn't copy: select the text instead", { duration: TOAST_MS.default });
  };
  return (
    <button type="button" onClick={() => void copy()} aria-label={label} title={label} className="rounded-full p-2 hover:bg-raised">
      <Copy className="size-4" aria-hidden />
    </button>
  );
}
