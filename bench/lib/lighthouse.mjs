// Lighthouse 12 (mobile, default throttling) in Debian Chromium, for bench/web.mjs and
// bench/web-discovery.mjs, and the static pages they measure beside the app as references.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, FLAGS, ROOT } from './app-in-chromium.mjs';

/** One audit of `url`: the category scores, LCP and TBT, and the binary audits that failed. */
export function lighthouse(url) {
  const cli = join(ROOT, 'node_modules/lighthouse/cli/index.js');
  const out = join(mkdtempSync(join(tmpdir(), 'lyra-lh-')), 'report.json');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, url, '--quiet', '--output=json', `--output-path=${out}`, `--chrome-flags=${FLAGS.join(' ')}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
      (err) => {
        if (err) return reject(err);
        const r = JSON.parse(readFileSync(out, 'utf8'));
        rmSync(join(out, '..'), { recursive: true, force: true });
        const score = (k) => Math.round((r.categories[k]?.score ?? 0) * 100);
        const failed = Object.values(r.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        resolve({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: r.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: r.audits['total-blocking-time']?.numericValue ?? NaN,
          failed,
        });
      },
    );
  });
}

/** Serves one HTML string on a free port. */
export async function staticPage(html) {
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** A static page with one heading: what this machine's throttled Lighthouse gives at best. */
export const referencePage = () =>
  staticPage(
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="description" content="reference"><title>Reference</title><link rel="icon" href="data:,"><h1>Reference page</h1>',
  );
