import { PLAYER } from '@lyra/player-core/constants';
import { Tooltip } from 'radix-ui';
import { useEffect, useState, type ReactElement } from 'react';

/**
 * Tooltips waiting to open by themselves, opened one per frame after the
 * screen's first paint: placing one measures the page, and the three at once
 * would make one long task that the listener feels as a stutter.
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

/**
 * A tooltip that opens by itself for 3 s when the screen loads (SPEC §2/§9),
 * then behaves normally (Radix Tooltip, 700 ms delay from the provider).
 */
export function AutoTooltip({ label, children }: { label: string; children: ReactElement }) {
  const [auto, setAuto] = useState(false);
  const [hover, setHover] = useState(false);
  useEffect(() => {
    const cancel = openInTurn(() => setAuto(true));
    const close = setTimeout(() => setAuto(false), PLAYER.TOOLTIP_AUTO_OPEN_MS);
    return () => {
      cancel();
      clearTimeout(close);
    };
  }, []);
  return (
    <Tooltip.Root open={auto || hover} onOpenChange={setHover}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-white px-2 py-1 text-xs font-medium text-black shadow">
          {label}
          <Tooltip.Arrow className="fill-white" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export function TooltipProvider({ children }: { children: ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={PLAYER.TOOLTIP_DELAY_MS} skipDelayDuration={PLAYER.TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}
