import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded at its first use: importing it links libvips, about half a second of a start, which a
 * process that makes no image (an instance serving the backend alone, most test files) never needs.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then((m) => m.default));
}
