import { expect, it } from 'vitest';
import { imageLoading } from './image-loading.js';

it('loads a first-screen picture at once and first, the others when near', () => {
  expect(imageLoading(true)).toEqual({ loading: 'eager', decoding: 'async', fetchPriority: 'high' });
  expect(imageLoading(false)).toEqual({ loading: 'lazy', decoding: 'async' });
});
