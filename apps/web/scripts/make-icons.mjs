#!/usr/bin/env node
// Renders the PWA icons (192, 512 and a maskable 512 with a safe-zone margin)
// and the favicon from public/logo.svg. Run once after changing the logo;
// the PNGs are committed so the build needs no image tooling.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const dir = new URL('../public/', import.meta.url);
const svg = readFileSync(new URL('logo.svg', dir));
const out = (name) => new URL(name, dir).pathname;

await sharp(svg).resize(192, 192).png().toFile(out('icons/icon-192.png'));
await sharp(svg).resize(512, 512).png().toFile(out('icons/icon-512.png'));
await sharp(svg).resize(48, 48).png().toFile(out('favicon.png'));
await sharp(svg).resize(180, 180).flatten({ background: '#1c1b29' }).png().toFile(out('icons/apple-touch-icon.png'));
// Maskable: the logo inside the central 80 % safe zone on a full-bleed background.
const inner = await sharp(svg).resize(400, 400).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1c1b29' } })
  .composite([{ input: inner, top: 56, left: 56 }])
  .png()
  .toFile(out('icons/maskable-512.png'));
