/**
 * The player's numbers, SPEC#limits-player, SPEC#limits-recent-songs and SPEC#limits-speed-list.
 * One place, so the rules, the audio engine and the tests agree.
 */
export const PLAYER = {
  /** Initial volume; the slider runs 0-100 in steps of 1 percent. */
  DEFAULT_VOLUME: 0.7,
  /** A song change loads the new source this long after the change. */
  SOURCE_DELAY_MS: 200,
  /** A stalled stream is retried from the same position after this. */
  STALL_RETRY_MS: 2_000,
  /** MEDIA_ERR_NETWORK is retried this many times, with a growing delay. */
  NETWORK_RETRIES: 3,
  /** First network retry waits this long; each further one waits one step more. */
  NETWORK_RETRY_STEP_MS: 1_000,
  /** Queue suggestions are fetched this long after reaching the last two songs. */
  SUGGESTION_DELAY_MS: 1_000,
  /** Only ids longer than this are catalogue song ids worth asking suggestions for. */
  SUGGESTION_MIN_ID_LENGTH: 5,
  /** Songs asked for when the queue runs out (SPEC#catalogue-api-songs-id-suggestions: 10 for queue suggestions). */
  QUEUE_SUGGESTIONS_LIMIT: 10,
  /** Earlier songs are trimmed when the current index exceeds this. */
  TRIM_WHEN_INDEX_ABOVE: 15,
  /** The played-id set is cleaned when it holds more than this. */
  PLAYED_IDS_MAX: 20,
  /** Seek back/forward step (Media Session). */
  SEEK_STEP_S: 10,
  /** Seek slider step, in percent of the song. */
  SEEK_SLIDER_STEP_PERCENT: 1,
  /** The queue drawer scrolls the current song into the centre after this. */
  QUEUE_SCROLL_DELAY_MS: 200,
  /** A list row starts a queue of the tapped song plus the next 9. */
  LIST_ROW_QUEUE_SIZE: 10,
  /** The offline banner re-checks the connection this often. */
  ONLINE_CHECK_MS: 5_000,
  /** Tooltips on the player screen open by themselves for this long at load. */
  TOOLTIP_AUTO_OPEN_MS: 3_000,
  TOOLTIP_DELAY_MS: 700,
  TOOLTIP_SKIP_DELAY_MS: 300,
  /** recentSongs keeps this many songs. */
  RECENT_SONGS_MAX: 30,
  /** SpeedListSongs stores at most this many play counts. */
  SPEED_LIST_MAX: 30,
} as const;
