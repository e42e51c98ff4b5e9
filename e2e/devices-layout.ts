/**
 * Where the Devices button lies on the page (e2e/player-chrome.test.ts, e2e/remote-player-chrome.test.ts).
 */
import type { Page } from 'playwright-core';

/**
 * Where the Devices button lies: whether it is inside `region` (a section's
 * label; the whole window when null), what is on top at its centre and
 * around it (it, or what covers it), and the other controls (of that
 * section, or of the screen) whose shown part its box overlaps.
 */
export function devicesLayout(page: Page, region: string | null) {
  return page.evaluate((label) => {
    const devices = document.querySelector<HTMLElement>('button[aria-label="Devices"]')!;
    const box = devices.getBoundingClientRect();
    const area = label ? document.querySelector(`section[aria-label="${label}"]`)!.getBoundingClientRect() : new DOMRect(0, 0, innerWidth, innerHeight);
    const inside = box.width > 0 && box.left >= area.left && box.right <= area.right && box.top >= area.top && box.bottom <= area.bottom;
    // The button is round: its centre and four points on its inner circle.
    const [cx, cy, d] = [box.left + box.width / 2, box.top + box.height / 2, box.width * 0.3];
    const points: [number, number][] = [
      [cx, cy],
      [cx - d, cy],
      [cx + d, cy],
      [cx, cy - d],
      [cx, cy + d],
    ];
    // What of a control shows: its box cut by the ancestors that clip it (a truncated name's link runs on unseen).
    const shown = (el: Element) => {
      let r = el.getBoundingClientRect();
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflow === 'visible') continue;
        const c = p.getBoundingClientRect();
        const [left, top] = [Math.max(r.left, c.left), Math.max(r.top, c.top)];
        r = new DOMRect(left, top, Math.max(0, Math.min(r.right, c.right) - left), Math.max(0, Math.min(r.bottom, c.bottom) - top));
      }
      return r;
    };
    const covered = points
      .map(([x, y]) => document.elementFromPoint(x, y))
      .filter((el) => !el || !devices.contains(el))
      .map((el) => el?.outerHTML.slice(0, 120) ?? 'nothing');
    const overlapped = [...document.querySelectorAll<HTMLElement>('button, a[href], input, [role="slider"]')]
      .filter((el) => el !== devices && !devices.contains(el) && !el.contains(devices) && el.checkVisibility())
      .filter((el) => {
        const r = shown(el);
        // Controls of the page scrolled under a fixed bar are that bar's to cover: only the bar's own, or the screen's when no bar.
        const inArea = r.left < area.right && area.left < r.right && r.top < area.bottom && area.top < r.bottom;
        const own = !label || document.querySelector(`section[aria-label="${label}"]`)!.contains(el);
        return inArea && own && r.width > 0 && r.height > 0 && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent);
    return { inside, covered, overlapped };
  }, region);
}
