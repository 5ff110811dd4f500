import { token } from '../../shared/token';

export interface RunSettings {
  /** How long a run and its events are kept after it starts (ms). */
  retentionMs: number;
}

export const RUN_SETTINGS = token<RunSettings>('RunSettings');
