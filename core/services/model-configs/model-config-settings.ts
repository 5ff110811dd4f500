import { token } from '../../shared/token';

export interface ModelConfigSettings {
  /** Calls of `POST /model-configs/{id}/test` each user may make per minute (decisions.md: costly endpoints, at least 60). */
  testRatePerMinute: number;
}

export const MODEL_CONFIG_SETTINGS = token<ModelConfigSettings>('ModelConfigSettings');
