import { paramFader, type Fader } from './fader.js';

/**
 * The audio element through Web Audio: element → crossfade → gain → mix →
 * speakers, for volume normalisation and crossfades (decoded songs join the
 * mix with gains of their own). Made on the first play the page may make
 * sound for, and only once the AudioContext runs: an element routed into a
 * suspended context is silent, so a context that will not start is dropped
 * and the element keeps playing directly.
 *
 * Web Audio reads only same-origin or CORS-enabled media (anything else is
 * silence). The graph is therefore made for a same-origin source, and once
 * it exists, other origins are fetched with CORS (`crossOrigin`).
 */
export interface AudioGraph {
  /** Before a source loads: makes cross-origin loads CORS ones once the graph exists. */
  prepare(url: string): void;
  /** Once the element plays: makes the graph if it can (same-origin source, running context). */
  attach(): Promise<void>;
  /** The linear gain of the element's song; applied smoothly (no click). Kept until the graph exists. */
  setGain(gain: number): void;
  readonly active: boolean;
  /**
   * Once made: its clock, the mix other sources join (after the element's
   * gain: each brings its own), and the element's crossfade gain.
   */
  readonly output: { context: BaseAudioContext; input: AudioNode; elementFader: Fader } | null;
}

interface GraphDeps {
  audio: HTMLMediaElement;
  createContext?: () => AudioContext;
  origin?: string;
}

/** How fast a new gain is reached (time constant): quick, without a click. */
const RAMP_S = 0.03;

export function createAudioGraph({ audio, createContext = () => new AudioContext(), origin = location.origin }: GraphDeps): AudioGraph {
  let gainNode: GainNode | null = null;
  let output: { context: BaseAudioContext; input: AudioNode; elementFader: Fader } | null = null;
  let attaching: Promise<void> | null = null;
  let wanted = 1;
  const sameOrigin = (url: string) => {
    try {
      return new URL(url, origin).origin === origin;
    } catch {
      return false;
    }
  };
  const show = () => audio.setAttribute('data-normalisation-gain', String(gainNode ? wanted : 1));

  return {
    get active() {
      return gainNode != null;
    },
    get output() {
      return output;
    },
    prepare(url) {
      if (gainNode && !sameOrigin(url)) audio.crossOrigin = 'anonymous';
    },
    attach() {
      if (gainNode || attaching || !sameOrigin(audio.currentSrc || audio.src)) return attaching ?? Promise.resolve();
      attaching = (async () => {
        let ctx: AudioContext | null = null;
        try {
          ctx = createContext();
          if (ctx.state !== 'running') await ctx.resume();
          if (ctx.state !== 'running') throw new Error('the audio context did not start');
          const fade = ctx.createGain();
          const node = ctx.createGain();
          const mix = ctx.createGain();
          node.gain.value = wanted;
          ctx.createMediaElementSource(audio).connect(fade).connect(node).connect(mix).connect(ctx.destination);
          gainNode = node;
          output = { context: ctx, input: mix, elementFader: paramFader(fade.gain, ctx) };
          show();
        } catch {
          await ctx?.close().catch(() => {});
        } finally {
          attaching = null;
        }
      })();
      return attaching;
    },
    setGain(gain) {
      wanted = gain;
      if (gainNode) gainNode.gain.setTargetAtTime(gain, gainNode.context.currentTime, RAMP_S);
      show();
    },
  };
}
