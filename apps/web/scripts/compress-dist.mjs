#!/usr/bin/env node
// Writes brotli (.br) and gzip (.gz) copies of the built text assets, so the
// server can send them as they are (Content-Encoding) instead of compressing
// on every request. Runs after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    // dist/ssr is the server's renderer, never sent to a browser.
    if (e.isDirectory()) {
      if (e.name !== 'ssr') yield* files(p);
    }
    else if (TEXT.test(e.name)) yield p;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files (br, gz)`);
