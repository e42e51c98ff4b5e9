/**
 * The image process's entry (image-process.ts forks it): runs each job it is sent with sharp, several
 * at once, and answers with the job's id. It ends when the server disconnects, as the server does
 * once it has had no image work for a while, or when the server itself ends.
 */
import type { AnswerMessage, JobMessage } from './image-jobs.js';
import { runImageJob } from './image-ops.js';

const answer = (message: AnswerMessage) => {
  if (process.connected) process.send?.(message);
};

process.on('message', (message: JobMessage) => {
  runImageJob(message.job).then(
    (result) => answer({ id: message.id, ok: true, result }),
    (error: unknown) => answer({ id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
