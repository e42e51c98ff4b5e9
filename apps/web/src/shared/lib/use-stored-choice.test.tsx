// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { useStoredChoice } from './use-stored-choice.js';

afterEach(cleanup);

it('starts from the stored value and stores what is chosen', () => {
  const stored: string[] = [];
  let reads = 0;
  const read = () => {
    reads += 1;
    return 'auto';
  };
  const { result, rerender } = renderHook(() => useStoredChoice(read, (v: string) => stored.push(v)));
  expect(result.current[0]).toBe('auto');
  act(() => result.current[1]('album'));
  expect(result.current[0]).toBe('album');
  expect(stored).toEqual(['album']);
  rerender();
  expect(reads).toBe(1);
});
