// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createAudioGraph } from './audio-graph.js';

/** An AudioContext double: records the graph and the gain's target. */
function fakeContext(state: AudioContextState = 'running', startsOnResume = true) {
  const connections: string[] = [];
  const gain = { value: 1, setTargetAtTime: vi.fn((v: number) => (gain.value = v)) };
  // Made in this order: the element's crossfade gain, its normalisation gain, the mix.
  const names = ['fade', 'gain', 'mix'];
  const node = (name: string, param: object) => ({
    name,
    gain: param,
    context: ctx,
    connect: (n: { name?: string }) => (connections.push(`${name}->${n.name ?? 'destination'}`), n),
  });
  const ctx = {
    state,
    currentTime: 0,
    resume: vi.fn(async () => {
      if (startsOnResume) ctx.state = 'running';
    }),
    close: vi.fn(async () => {}),
    createGain: () => {
      const name = names.shift()!;
      return node(name, name === 'gain' ? gain : { value: 1 });
    },
    createMediaElementSource: () => node('element', {}),
    destination: {},
  };
  return { ctx: ctx as unknown as AudioContext, raw: ctx, gain, connections };
}

const ORIGIN = 'https://lyra.example';

describe('audio graph', () => {
  it('routes a same-origin element through a gain node, at the gain asked before and after', async () => {
    const audio = document.createElement('audio');
    audio.src = `${ORIGIN}/media/a/320.mp4`;
    const f = fakeContext();
    const graph = createAudioGraph({ audio, createContext: () => f.ctx, origin: ORIGIN });
    graph.setGain(0.5);
    expect(audio.getAttribute('data-normalisation-gain')).toBe('1');
    await graph.attach();
    expect(graph.active).toBe(true);
    expect(f.connections).toEqual(['element->fade', 'fade->gain', 'gain->mix', 'mix->destination']);
    // Decoded songs join the mix, after the element's own gains.
    expect((graph.output?.input as unknown as { name: string }).name).toBe('mix');
    expect(f.gain.value).toBe(0.5);
    expect(audio.getAttribute('data-normalisation-gain')).toBe('0.5');
    graph.setGain(0.8);
    expect(f.gain.setTargetAtTime).toHaveBeenCalledWith(0.8, 0, 0.03);
    // Made once.
    await graph.attach();
    expect(f.connections).toHaveLength(4);
  });

  it('leaves the element alone when the context will not start (it would be silent)', async () => {
    const audio = document.createElement('audio');
    audio.src = `${ORIGIN}/media/a/320.mp4`;
    const f = fakeContext('suspended', false);
    const graph = createAudioGraph({ audio, createContext: () => f.ctx, origin: ORIGIN });
    await graph.attach();
    expect(graph.active).toBe(false);
    expect(f.connections).toEqual([]);
    expect(f.raw.close).toHaveBeenCalled();
  });

  it('is not made for another origin’s source; once made, other origins load with CORS', async () => {
    const audio = document.createElement('audio');
    audio.src = 'https://cdn.example/a.mp4';
    const f = fakeContext();
    const graph = createAudioGraph({ audio, createContext: () => f.ctx, origin: ORIGIN });
    graph.prepare('https://cdn.example/a.mp4');
    await graph.attach();
    expect(graph.active).toBe(false);
    expect(audio.crossOrigin).toBeNull();
    audio.src = `${ORIGIN}/media/b/320.mp4`;
    await graph.attach();
    expect(graph.active).toBe(true);
    graph.prepare(`${ORIGIN}/media/c/320.mp4`);
    expect(audio.crossOrigin).toBeNull();
    graph.prepare('https://cdn.example/d.mp4');
    expect(audio.crossOrigin).toBe('anonymous');
  });
});
