// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchTerm, useDebouncedValue } from './use-debounced-value.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('search debounce (SPEC#states-search, SPEC#limits-search: 700 ms)', () => {
  it('settles 700 ms after the last change, not before', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v), { initialProps: { v: '' } });
    rerender({ v: 'b' });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    rerender({ v: 'ba' });
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('ba');
  });

  it('starts settled on the first value', () => {
    const { result } = renderHook(() => useDebouncedValue('kept'));
    expect(result.current).toBe('kept');
  });

  it('treats a blank or whitespace-only query as no query', () => {
    expect(searchTerm('   ')).toBe('');
    expect(searchTerm('\t\n')).toBe('');
    expect(searchTerm('  batle ')).toBe('batle');
  });
});
