import { PLAYER } from '@lyra/player-core/constants';
import { Tooltip } from 'radix-ui';
import { useEffect, useState, type ReactElement } from 'react';

/**
 * A tooltip that opens by itself for 3 s when the screen loads (SPEC §2/§9),
 * then behaves normally (Radix Tooltip, 700 ms delay from the provider).
 */
export function AutoTooltip({ label, children }: { label: string; children: ReactElement }) {
  const [auto, setAuto] = useState(false);
  const [hover, setHover] = useState(false);
  useEffect(() => {
    // Opened right after the screen's first paint, so placing the tooltips is not part of it.
    const open = requestAnimationFrame(() => setAuto(true));
    const close = setTimeout(() => setAuto(false), PLAYER.TOOLTIP_AUTO_OPEN_MS);
    return () => {
      cancelAnimationFrame(open);
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
