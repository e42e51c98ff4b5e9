import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyLike } from './keyboard-shortcuts.js';

const key = (k: string, over: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'BODY',
  targetRole: null,
  targetEditable: false,
  ...over,
});

describe('keyboard shortcuts', () => {
  it('space plays/pauses, arrows seek 10 s, / opens search', () => {
    expect(shortcutFor(key(' '))).toBe('toggle');
    expect(shortcutFor(key('ArrowLeft'))).toBe('back10');
    expect(shortcutFor(key('ArrowRight'))).toBe('forward10');
    expect(shortcutFor(key('/'))).toBe('search');
    expect(shortcutFor(key('a'))).toBeNull();
  });

  it('never while typing or with a modifier', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) expect(shortcutFor(key(' ', { targetTag: tag }))).toBeNull();
    expect(shortcutFor(key('/', { targetEditable: true }))).toBeNull();
    expect(shortcutFor(key('ArrowLeft', { metaKey: true }))).toBeNull();
    expect(shortcutFor(key(' ', { ctrlKey: true }))).toBeNull();
  });

  it('leaves a control its own keys: a button’s space, a slider’s arrows', () => {
    expect(shortcutFor(key(' ', { targetTag: 'BUTTON' }))).toBeNull();
    expect(shortcutFor(key(' ', { targetTag: 'DIV', targetRole: 'button' }))).toBeNull();
    expect(shortcutFor(key('ArrowRight', { targetTag: 'SPAN', targetRole: 'slider' }))).toBeNull();
    expect(shortcutFor(key('ArrowRight', { targetTag: 'BUTTON' }))).toBe('forward10');
  });
});
