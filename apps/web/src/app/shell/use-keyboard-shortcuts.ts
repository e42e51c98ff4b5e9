import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { commands } from '../../features/player/commands.js';
import { usePlayerStore } from '../../features/player/player-store.js';
import { shortcutFor } from './keyboard-shortcuts.js';

/** The app's keyboard shortcuts (keyboard-shortcuts.ts), on every route. */
export function useKeyboardShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target instanceof HTMLElement ? e.target : null;
      const action = shortcutFor({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        targetTag: t?.tagName ?? 'BODY',
        targetRole: t?.getAttribute('role') ?? null,
        targetEditable: t?.isContentEditable ?? false,
      });
      if (!action) return;
      const hasSong = usePlayerStore.getState().currentIndex >= 0;
      if (action !== 'search' && !hasSong) return;
      e.preventDefault();
      if (action === 'toggle') commands.toggle();
      else if (action === 'back10') commands.seekBy(-10);
      else if (action === 'forward10') commands.seekBy(10);
      else {
        const box = document.querySelector<HTMLInputElement>('input[type="search"]');
        if (box) box.focus();
        // Search focuses its box when asked this way (it may still be loading).
        else void navigate('/search', { state: { focusSearch: true } });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}
