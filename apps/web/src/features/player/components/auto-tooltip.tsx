import { PLAYER } from '@lyra/player-core/constants';
import { Tooltip } from 'radix-ui';
import { createContext, useContext, useEffect, useId, useState, type ReactElement } from 'react';
import { local, readJson, writeJson } from '../../../shared/lib/storage.js';

/** Set once the player's tooltips have opened by themselves on this device. */
export const TOOLTIPS_SHOWN_KEY = 'playerTooltipsShown';

/**
 * Whether this opening of the player shows its tooltips by themselves: only
 * the first on this device (the listener has seen them then). Read once per
 * opening; marked as seen once shown.
 */
export function useFirstTooltips(): boolean {
  const [first] = useState(() => readJson<unknown>(local(), TOOLTIPS_SHOWN_KEY, false) !== true);
  useEffect(() => {
    if (first) writeJson(local(), TOOLTIPS_SHOWN_KEY, true);
  }, [first]);
  return first;
}

const AutoOpen = createContext(false);

/**
 * Tooltips waiting to open by themselves, opened one per frame after the
 * screen's first paint, so each frame's work stays small while the player
 * screen is still settling.
 */
const turns: (() => void)[] = [];
let frame = 0;

function openNext() {
  frame = 0;
  turns.shift()?.();
  if (turns.length > 0) frame = requestAnimationFrame(openNext);
}

function openInTurn(open: () => void): () => void {
  turns.push(open);
  if (!frame) frame = requestAnimationFrame(openNext);
  return () => {
    const i = turns.indexOf(open);
    if (i >= 0) turns.splice(i, 1);
    if (turns.length === 0 && frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}

const BUBBLE = 'z-50 rounded-md bg-white px-2 py-1 text-xs font-medium text-black shadow';
// Opened by itself, the bubble is a little slimmer and closer (20 px tall, 4 px away),
// so it fits in the player's gaps and never lies over another control.
const AUTO_BUBBLE = 'z-50 rounded-md bg-white px-2 py-0.5 text-xs leading-4 font-medium text-black shadow';

/**
 * A tooltip that opens by itself for 3 s when the screen loads (SPEC#player-tooltips-share-suggestion, SPEC#limits-tooltip-open-delay),
 * the first time the player opens on this device (TooltipProvider's
 * `autoOpen`), then behaves normally (Radix Tooltip, 700 ms delay from the provider).
 * Opened by itself it is placed by CSS on the side given (the player's layout
 * is fixed), not measured: three tooltips placed by measuring the page at
 * load were the player's longest tasks.
 */
export function AutoTooltip({
  label,
  side = 'top',
  align = 'center',
  children,
}: {
  label: string;
  side?: 'top' | 'bottom';
  align?: 'center' | 'end';
  children: ReactElement;
}) {
  const [auto, setAuto] = useState(false);
  const [hover, setHover] = useState(false);
  const id = useId();
  const autoOpen = useContext(AutoOpen);
  useEffect(() => {
    if (!autoOpen) return;
    // The 3 s count from when the bubble shows, not from when the screen mounted (a busy device may paint late).
    let close: ReturnType<typeof setTimeout> | undefined;
    const cancel = openInTurn(() => {
      setAuto(true);
      close = setTimeout(() => setAuto(false), PLAYER.TOOLTIP_AUTO_OPEN_MS);
    });
    return () => {
      cancel();
      clearTimeout(close);
    };
  }, [autoOpen]);
  const shown = auto && !hover;
  const across = align === 'end' ? 'right-0' : 'left-1/2 -translate-x-1/2';
  return (
    <span className="relative inline-flex">
      <Tooltip.Root open={hover} onOpenChange={setHover}>
        <Tooltip.Trigger asChild {...(shown ? { 'aria-describedby': id } : {})}>
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content side={side} sideOffset={6} className={BUBBLE}>
            {label}
            <Tooltip.Arrow className="fill-white" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
      {shown && (
        <span id={id} role="tooltip" className={`${AUTO_BUBBLE} pointer-events-none absolute whitespace-nowrap ${side === 'top' ? 'bottom-full mb-1' : 'top-full mt-1'} ${across}`}>
          {label}
          <svg
            aria-hidden
            width="10"
            height="5"
            viewBox="0 0 30 10"
            className={`absolute fill-white ${side === 'top' ? 'top-full' : 'bottom-full rotate-180'} ${align === 'end' ? 'right-4' : 'left-1/2 -translate-x-1/2'}`}
          >
            <polygon points="0,0 30,0 15,10" />
          </svg>
        </span>
      )}
    </span>
  );
}

/** The screen's tooltips; with `autoOpen` its AutoTooltips open by themselves at load. */
export function TooltipProvider({ autoOpen = false, children }: { autoOpen?: boolean; children: ReactElement }) {
  return (
    <AutoOpen.Provider value={autoOpen}>
      <Tooltip.Provider delayDuration={PLAYER.TOOLTIP_DELAY_MS} skipDelayDuration={PLAYER.TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </Tooltip.Provider>
    </AutoOpen.Provider>
  );
}
