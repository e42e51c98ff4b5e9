import { parentPort } from 'node:worker_threads';
import { readAudioFile } from './read-audio.js';
import type { ParseReply, ParseRequest } from './parse-pool.js';

/**
 * One tag-reading thread of the parse pool (parse-pool.ts): reads each file it
 * is sent with readAudioFile and answers plain data (the cover's bytes are
 * transferred, not copied).
 */
const port = parentPort!;
// Loaded: the pool sends reads here from now on (it reads in process meanwhile).
port.postMessage({ ready: true } satisfies ParseReply);
port.on('message', (req: ParseRequest) => {
  readAudioFile(req.abs, req.size).then(
    (audio) => {
      // A copy of its own, so the transfer moves the picture alone (not a shared read buffer).
      const picture = audio.picture ? { ...audio.picture, data: new Uint8Array(audio.picture.data) } : null;
      const reply: ParseReply = { id: req.id, ok: true, audio: { ...audio, picture } };
      port.postMessage(reply, picture ? [picture.data.buffer as ArrayBuffer] : []);
    },
    (e: unknown) => {
      const reply: ParseReply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
      port.postMessage(reply);
    },
  );
});
