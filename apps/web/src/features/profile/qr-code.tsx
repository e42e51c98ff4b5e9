import { useEffect, useState } from 'react';
import { Spinner } from '../../shared/ui/spinner.js';

/**
 * A QR code of `text` as an image. The `qrcode` library is fetched when one
 * is first shown (turning two-factor on), so it is in no start-up chunk.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 200, color: { dark: '#000000', light: '#ffffff' } }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) return <p className="text-sm text-muted">The QR code could not be drawn: enter the key below instead.</p>;
  if (!src) return <Spinner className="size-6" label="Drawing the QR code" />;
  return <img src={src} alt={label} width={200} height={200} className="rounded-lg bg-white" />;
}
