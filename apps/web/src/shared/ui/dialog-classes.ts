/**
 * The look every centred dialog shares (Radix Dialog and AlertDialog alike):
 * the dimmed page, the panel in the middle, its title. A dialog names only
 * its width (and any extra, such as scrolling when it can grow tall).
 */
export const DIALOG_OVERLAY = 'fixed inset-0 z-50 bg-black/60';

export const dialogPanel = (size: string) =>
  `fixed top-1/2 left-1/2 z-50 ${size} -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-panel p-6 shadow-xl`;

export const DIALOG_TITLE = 'text-lg font-bold';
