// Range readers that check every byte they get: the load of bench/backend-mixed.mjs and of the
// server suite's mixed-load test. A wrong body is the worst thing a player can be sent, so each
// answer is compared with the file it names, and some readers leave mid-body, as browsers do on a seek.
import http from 'node:http';

/**
 * `readers` loops over keep-alive connections, each reading a random span of a random file in
 * `files` until `reads` requests were sent or `seconds` passed, whichever comes first. One read in
 * `dropEvery` is dropped after its first bytes. Every other answer must be 206 with exactly the
 * asked bytes of its own file; anything else is listed in `wrong` (the first 20 in detail).
 */
export async function verifiedRangeLoad({ port, files, readers, reads = Infinity, seconds = Infinity, dropEvery = 10, span = { min: 1, max: 256 * 1024 } }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: readers, maxFreeSockets: readers });
  const endAt = performance.now() + seconds * 1000;
  const result = { reads: 0, dropped: 0, bytes: 0, wrongCount: 0, wrong: [], latencies: [] };
  let sent = 0;
  const fail = (why) => {
    result.wrongCount++;
    if (result.wrong.length < 20) result.wrong.push(why);
  };
  const one = () =>
    new Promise((resolve) => {
      const file = files[Math.floor(Math.random() * files.length)];
      const size = file.bytes.length;
      const len = Math.min(size, span.min + Math.floor(Math.random() * (span.max - span.min + 1)));
      const start = Math.floor(Math.random() * (size - len + 1));
      const end = start + len - 1;
      const drop = ++sent % dropEvery === 0;
      const began = performance.now();
      const range = `bytes=${start}-${end}`;
      // A dropped read gets a connection of its own: leaving kills the socket.
      const req = http.get({ host: '127.0.0.1', port, path: file.path, agent: drop ? false : agent, headers: { range } }, (res) => {
        const chunks = [];
        if (drop) {
          const leave = () => {
            req.destroy();
            result.dropped++;
            resolve();
          };
          res.once('data', leave);
          res.once('end', () => res.listenerCount('data') && leave());
          return;
        }
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          result.reads++;
          result.latencies.push(performance.now() - began);
          const body = Buffer.concat(chunks);
          result.bytes += body.length;
          if (res.statusCode !== 206) fail({ path: file.path, range, status: res.statusCode, why: `status ${res.statusCode}: ${body.subarray(0, 200).toString()}` });
          else if (res.headers['content-range'] !== `bytes ${start}-${end}/${size}`) fail({ path: file.path, range, status: 206, why: `Content-Range ${res.headers['content-range']}` });
          else if (!body.equals(file.bytes.subarray(start, end + 1))) fail({ path: file.path, range, status: 206, why: `${body.length} bytes that are not the file's` });
          resolve();
        });
        res.on('error', (e) => {
          fail({ path: file.path, range, status: res.statusCode, why: `body cut: ${e.message}` });
          resolve();
        });
      });
      req.on('error', (e) => {
        if (!drop) fail({ path: file.path, range, status: 0, why: e.message });
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (sent < reads && performance.now() < endAt) await one();
    }),
  );
  agent.destroy();
  result.latencies.sort((a, b) => a - b);
  return result;
}
