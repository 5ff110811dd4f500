import { token } from '../../shared/token';

export interface ToolsSettings {
  /** Calls of `/tools/test/*` each user may make per minute (decisions.md: costly endpoints, at least 60). */
  testRatePerMinute: number;
  /** Weighted tool uses (`toolUseCost`) each user may make per minute, whatever starts them. */
  useRatePerMinute: number;
}

export const TOOLS_SETTINGS = token<ToolsSettings>('ToolsSettings');
