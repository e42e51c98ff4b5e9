import { screen, type waitForOptions } from '@testing-library/react';

/** What a toast shows besides its title: its kind ('success', 'error', null for a plain one), description and action label. */
export interface ShownToast {
  type: string | null;
  description: string | null;
  action: string | null;
}

/**
 * Waits for the toast titled `title` and reads what it shows, so a test can
 * assert a success is not shown as an error and a sign-in prompt has its button.
 */
export async function findToast(title: string, wait?: waitForOptions): Promise<ShownToast> {
  const text = await screen.findByText(title, {}, wait);
  const toast = text.closest('[data-sonner-toast]');
  if (!toast) throw new Error(`"${title}" is shown, but not in a toast`);
  return {
    type: toast.getAttribute('data-type'),
    description: toast.querySelector('[data-description]')?.textContent ?? null,
    action: toast.querySelector('[data-button]')?.textContent ?? null,
  };
}
