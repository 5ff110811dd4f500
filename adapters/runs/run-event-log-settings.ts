/** How the run event log buffers, keeps and reads events. */
export interface RunEventLogSettings {
  /** Buffered token events are stored at least this often (ms)… */
  flushMs: number;
  /** …or as soon as this many are buffered. */
  flushTokens: number;
  /** How long a run's events are kept (ms) before the expiry sweep deletes them. */
  retentionMs: number;
  /** Stored events read at once. */
  pageSize: number;
  /** A follower with nothing new reads the store this often (ms), in case the live tail lost something. */
  idlePollMs: number;
  /** A follower that saw a later event than the next it needs reads the store this often (ms) until it is stored. */
  gapPollMs: number;
  /** Live events a follower holds ahead of the one it needs; past it, it drops them and reads the store. */
  maxBuffered: number;
}

export const DEFAULT_RUN_EVENT_LOG_SETTINGS: RunEventLogSettings = {
  flushMs: 50,
  flushTokens: 64,
  retentionMs: 7 * 24 * 3_600_000,
  pageSize: 500,
  idlePollMs: 1_000,
  gapPollMs: 20,
  maxBuffered: 10_000,
};
