import { describe, expect, it } from 'vitest';
import { imageSizeFor, tierFor } from './tiers.js';

describe('subsonic maxBitRate and size mapping', () => {
  it('maps maxBitRate to the best tier at or under it', () => {
    expect(tierFor(null)).toBe(320);
    expect(tierFor(0)).toBe(320);
    expect(tierFor(1000)).toBe(320);
    expect(tierFor(320)).toBe(320);
    expect(tierFor(256)).toBe(160);
    expect(tierFor(128)).toBe(96);
    expect(tierFor(96)).toBe(96);
    expect(tierFor(64)).toBe(48);
    expect(tierFor(32)).toBe(12);
    expect(tierFor(8)).toBe(12);
    expect(tierFor(-5)).toBe(320);
  });

  it('maps a cover size to the nearest served size', () => {
    expect(imageSizeFor(null)).toBe(500);
    expect(imageSizeFor(0)).toBe(500);
    expect(imageSizeFor(1)).toBe(50);
    expect(imageSizeFor(99)).toBe(50);
    expect(imageSizeFor(100)).toBe(150);
    expect(imageSizeFor(300)).toBe(150);
    expect(imageSizeFor(326)).toBe(500);
    expect(imageSizeFor(4000)).toBe(500);
  });
});
