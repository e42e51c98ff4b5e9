import { Download } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { session } from '../../shared/lib/storage.js';
import { installPromptSnapshot, isStandalone, promptInstall, subscribeInstallPrompt } from './install-prompt.js';
import { accentButton } from '../../shared/ui/button-classes.js';

const IGNORED_KEY = 'installBannerIgnored';

/** SPEC#chrome-add-home-screen: 'Add to home screen' with 'Install Now' and 'Ignore', unless installed. */
export function InstallBanner() {
  const prompt = useSyncExternalStore(subscribeInstallPrompt, installPromptSnapshot, () => null);
  const [ignored, setIgnored] = useState(() => session()?.getItem(IGNORED_KEY) === '1');
  if (!prompt || ignored || isStandalone()) return null;
  const ignore = () => {
    session()?.setItem(IGNORED_KEY, '1');
    setIgnored(true);
  };
  return (
    <aside aria-label="Install app" className="mx-3 mt-2 flex items-center gap-3 rounded-xl bg-panel p-3">
      <Download className="size-5 shrink-0 text-accent-text" aria-hidden />
      <p className="flex-1 text-sm font-medium">Add to home screen</p>
      <button type="button" onClick={() => void promptInstall()} className={accentButton('px-3 py-1.5 text-sm')}>
        Install Now
      </button>
      <button type="button" onClick={ignore} className="rounded-full px-3 py-1.5 text-sm text-muted hover:text-white">
        Ignore
      </button>
    </aside>
  );
}
