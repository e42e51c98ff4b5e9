import type { Song } from '@lyra/contracts/catalogue';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInToast } from '../../shared/lib/toasts.js';
import { useSessionUser } from '../auth/index.js';
import { downloadSong, saveWithLink } from './download-song.js';

/** SPEC#validation-feedback, SPEC#errors-download: downloads need sign-in ('Sign in to download song', Sign in, 5 s). */
export function useDownloadAction(song: Song | undefined): { busy: boolean; download: () => void } {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!user) return signInToast('Sign in to download song', navigate);
    if (!song || busy) return;
    setBusy(true);
    await downloadSong(song, { fetch: (...a) => fetch(...a), pageProtocol: window.location.protocol, save: saveWithLink });
    setBusy(false);
  };
  return { busy, download: () => void download() };
}
