// Records what the web app sends to the speakers, in Chromium, and measures the
// hand-over between two tracks cut from one continuous tone (bench/web-gapless.mjs,
// e2e/gapless.test.ts).
//
// TAP_SCRIPT runs in the page before the app (page.addInitScript): the first node
// the app connects to an AudioContext's destination is also connected to an
// AudioWorklet that copies its first channel, sample by sample, on the audio
// thread. The page needs `bypassCSP` (the worklet module is a blob: address).

export const TAP_SCRIPT = `(() => {
  const processor = \`registerProcessor('lyra-output-tap', class extends AudioWorkletProcessor {
    constructor() { super(); this.buf = new Float32Array(8192); this.n = 0; }
    process(inputs) {
      const ch = inputs[0] && inputs[0][0];
      if (ch) {
        this.buf.set(ch, this.n); this.n += ch.length;
        if (this.n + 128 > this.buf.length) { this.port.postMessage(this.buf.slice(0, this.n)); this.n = 0; }
      }
      return true;
    }
  });\`;
  const url = URL.createObjectURL(new Blob([processor], { type: 'text/javascript' }));
  const tap = (window.__outputTap = { chunks: [], sampleRate: 0 });
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (dest, ...rest) {
    const out = connect.call(this, dest, ...rest);
    if (dest instanceof AudioDestinationNode && !tap.sampleRate) {
      const ctx = this.context;
      tap.sampleRate = ctx.sampleRate;
      ctx.audioWorklet.addModule(url).then(() => {
        const node = new AudioWorkletNode(ctx, 'lyra-output-tap', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
        node.port.onmessage = (e) => tap.chunks.push(e.data);
        connect.call(this, node);
        connect.call(node, ctx.destination);
      });
    }
    return out;
  };
})();`;

/** How many seconds of output the tap has recorded so far (0 before the page's audio starts). */
export async function recordedSeconds(page) {
  return page.evaluate(() => {
    const tap = window.__outputTap;
    return tap.sampleRate ? tap.chunks.reduce((s, c) => s + c.length, 0) / tap.sampleRate : 0;
  });
}

/** Everything recorded so far: { samples: Float32Array, sampleRate }. */
export async function readTap(page) {
  const { b64, sampleRate } = await page.evaluate(() => {
    const tap = window.__outputTap;
    const n = tap.chunks.reduce((s, c) => s + c.length, 0);
    const all = new Float32Array(n);
    let o = 0;
    for (const c of tap.chunks) {
      all.set(c, o);
      o += c.length;
    }
    const bytes = new Uint8Array(all.buffer);
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { b64: btoa(s), sampleRate: tap.sampleRate };
  });
  const buf = Buffer.from(b64, 'base64');
  return { samples: new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4), sampleRate };
}

/**
 * Where a recording of a continuous sine at `hz` breaks, and by how much.
 * - silenceMs: the longest run inside the tone quieter than 2 % of its level
 *   (a gap between two tracks shows as silence);
 * - phase: sine fits over 20 ms windows every 5 ms; the largest phase jump
 *   between neighbours is where one track hands over to the next, and the
 *   jump in samples is how late (positive) or early the second one started,
 *   known up to whole periods of the tone;
 * - gapMs: that offset, taking the whole periods from the silence run: 0 for a
 *   sample-exact hand-over, positive for a gap, negative for an overlap.
 */
export function measureToneBreak(x, sampleRate, hz) {
  const w = (2 * Math.PI * hz) / sampleRate;
  let start = 0;
  while (start < x.length && Math.abs(x[start]) < 0.01) start++;
  let end = x.length - 1;
  while (end > start && Math.abs(x[end]) < 0.01) end--;
  const margin = Math.round(0.05 * sampleRate);
  start += margin;
  end -= margin;
  const fit = (i, n) => {
    let s = 0;
    let c = 0;
    for (let k = i; k < i + n; k++) {
      s += x[k] * Math.sin(w * k);
      c += x[k] * Math.cos(w * k);
    }
    return { amp: (2 * Math.hypot(s, c)) / n, ph: Math.atan2(c, s) };
  };
  const win = Math.round(0.02 * sampleRate);
  const step = Math.round(0.005 * sampleRate);
  const fits = [];
  for (let i = start; i + win < end; i += step) fits.push({ at: i, ...fit(i, win) });
  const level = [...fits.map((f) => f.amp)].sort((a, b) => a - b)[fits.length >> 1] ?? 0;
  const wrap = (d) => {
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d <= -Math.PI) d += 2 * Math.PI;
    return d;
  };
  // Neighbours far enough apart that a break lies between two clean windows.
  const apart = Math.ceil(win / step) + 1;
  let worst = { jump: 0, at: -1 };
  for (let i = 0; i + apart < fits.length; i++) {
    const a = fits[i];
    const b = fits[i + apart];
    if (a.amp < 0.5 * level || b.amp < 0.5 * level) continue;
    const jump = wrap(b.ph - a.ph);
    if (Math.abs(jump) > Math.abs(worst.jump)) worst = { jump, at: Math.round((a.at + b.at + win) / 2) };
  }
  let run = 0;
  let silence = 0;
  for (let i = start; i < end; i++) {
    if (Math.abs(x[i]) < 0.02 * level) silence = Math.max(silence, ++run);
    else run = 0;
  }
  const period = sampleRate / hz;
  const offset = -worst.jump / w;
  const coarse = silence > 2 ? silence : 0;
  const gap = offset + Math.round((coarse - offset) / period) * period;
  const ms = (n) => (n / sampleRate) * 1000;
  return {
    level,
    recordedS: (end - start) / sampleRate,
    breakAtS: worst.at < 0 ? null : worst.at / sampleRate,
    silenceMs: ms(silence),
    phaseOffsetMs: ms(offset),
    gapMs: ms(gap),
  };
}
