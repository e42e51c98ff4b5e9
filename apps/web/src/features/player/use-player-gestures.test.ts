// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { PointerEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isReloadKey, useBlockReloadKeys, useSwipe } from './use-player-gestures.js';

const pointer = (x: number, y = 0) => ({ clientX: x, clientY: y }) as PointerEvent;

describe('player gestures (SPEC#player-swipe-left-next)', () => {
  it('a swipe left plays the next song, a swipe right the previous one', () => {
    const next = vi.fn();
    const previous = vi.fn();
    const { result } = renderHook(() => useSwipe(next, previous));
    result.current.onPointerDown(pointer(300));
    result.current.onPointerUp(pointer(200));
    expect(next).toHaveBeenCalledOnce();
    result.current.onPointerDown(pointer(100));
    result.current.onPointerUp(pointer(220));
    expect(previous).toHaveBeenCalledOnce();
  });

  it('short or mostly vertical movements are not swipes', () => {
    const next = vi.fn();
    const previous = vi.fn();
    const { result } = renderHook(() => useSwipe(next, previous));
    result.current.onPointerDown(pointer(300));
    result.current.onPointerUp(pointer(260));
    result.current.onPointerDown(pointer(300, 0));
    result.current.onPointerUp(pointer(200, 300));
    expect(next).not.toHaveBeenCalled();
    expect(previous).not.toHaveBeenCalled();
  });

  it('F5 and Ctrl/Cmd+R are reload keys; other keys are not', () => {
    expect(isReloadKey({ key: 'F5', ctrlKey: false, metaKey: false })).toBe(true);
    expect(isReloadKey({ key: 'r', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isReloadKey({ key: 'R', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isReloadKey({ key: 'r', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isReloadKey({ key: 'F4', ctrlKey: false, metaKey: false })).toBe(false);
  });

  it('blocks the reload keys only while mounted', () => {
    const press = (init: KeyboardEventInit) => {
      const e = new KeyboardEvent('keydown', { ...init, cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    const { unmount } = renderHook(() => useBlockReloadKeys());
    expect(press({ key: 'F5' })).toBe(true);
    expect(press({ key: 'r', ctrlKey: true })).toBe(true);
    expect(press({ key: 'a' })).toBe(false);
    unmount();
    expect(press({ key: 'F5' })).toBe(false);
  });
});
