/**
 * The admin page's video-preview queue (`GET /api/admin/video-queue`): how many
 * preview jobs are in each state, and whether this server renders them.
 */

/** The states of a preview job (video_jobs.state), in the order the queue reports them. */
export const VIDEO_JOB_STATES = ['queued', 'rendering', 'done', 'failed'] as const;
export type VideoJobState = (typeof VIDEO_JOB_STATES)[number];

export type VideoQueue = Record<VideoJobState, number> & {
  /** Whether this server renders (VIDEO_WORKER). */
  worker: boolean;
};
