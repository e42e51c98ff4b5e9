// The load client of bench/catalogue-streaming.mjs: plain GETs, a check that a server answers
// byte ranges with the file's bytes, and many readers sending Range requests over keep-alive.
import http from 'node:http';

/** Resolves once something answers HTTP on `port` (5 s at most). */
export async function waitForPort(port) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetchAll(port, '/');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nothing listening on ${port}`);
}

/** A GET to 127.0.0.1: status, headers and the whole body. */
export function fetchAll(port, path, headers = {}, agent = false) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Both servers must return the same bytes for the same ranges before they are timed. */
export async function verifyRanges(name, { port, path }, file) {
  for (const [a, b] of [[0, 99], [1000, 300_000], [file.length - 5000, file.length - 1]]) {
    const r = await fetchAll(port, path, { range: `bytes=${a}-${b}` });
    if (r.status !== 206 || !r.body.equals(file.subarray(a, b + 1))) {
      throw new Error(`${name} returned wrong bytes for ${a}-${b} (status ${r.status})`);
    }
  }
}

/** `readers` loops, each sending one Range request after another on its own keep-alive connection. */
export async function rangeLoad({ port, path }, size, span, readers, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: readers, maxFreeSockets: readers });
  const warmUntil = Date.now() + 1000;
  const endAt = warmUntil + seconds * 1000;
  let bytes = 0;
  let requests = 0;
  let errors = 0;
  const latencies = [];
  const one = () =>
    new Promise((resolve) => {
      const len = span.min + Math.floor(Math.random() * (span.max - span.min + 1));
      const start = Math.floor(Math.random() * (size - len));
      const began = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { range: `bytes=${start}-${start + len - 1}` } }, (res) => {
        let got = 0;
        res.on('data', (c) => (got += c.length));
        res.on('end', () => {
          const measured = Date.now() >= warmUntil;
          if (res.statusCode !== 206 || got !== len) errors++;
          else if (measured) {
            bytes += got;
            requests++;
            latencies.push(performance.now() - began);
          }
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const reader = async () => {
    while (Date.now() < endAt) await one();
  };
  await Promise.all(Array.from({ length: readers }, reader));
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rps: requests / seconds, bps: bytes / seconds, p50: q(0.5), p99: q(0.99), errors };
}
