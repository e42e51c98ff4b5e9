// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { UpdateModal } from './update-modal.js';
import { isVisible } from '../../test/visible.js';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('Update modal (SPEC#update-modal)', () => {
  it('thanks Guest when nobody is signed in and lists the changes', () => {
    renderApp(<UpdateModal open onOpenChange={() => {}} onUpdate={() => {}} />);
    expect(screen.getByRole('dialog').textContent).toContain('Thank you, Guest!');
    expect(isVisible(screen.getByText("Fixed the 'No Songs' bug in Artists"))).toBe(true);
    expect(isVisible(screen.getByText('Infinite songs in the queue'))).toBe(true);
  });

  it('thanks the signed-in user by name', () => {
    localStorage.setItem('User', JSON.stringify({ $id: 'u1', name: 'Mira', email: 'm@example.com' }));
    renderApp(<UpdateModal open onOpenChange={() => {}} onUpdate={() => {}} />);
    expect(screen.getByRole('dialog').textContent).toContain('Thank you, Mira!');
  });

  it("'Update Now' applies the update; 'Give Feedback' goes to /profile", () => {
    const onUpdate = vi.fn();
    const onOpenChange = vi.fn();
    const { router } = renderApp(<UpdateModal open onOpenChange={onOpenChange} onUpdate={onUpdate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Update Now' }));
    expect(onUpdate).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Give Feedback' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(router.state.location.pathname).toBe('/profile');
  });
});
