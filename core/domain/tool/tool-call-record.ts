import { RunTrace } from '../run/run-trace';
import { ToolReceipt } from './tool-receipt';

/**
 * What storage keeps of one tool use that ran: its receipt, the run it served and, on a
 * failure, the tool's own reason. Monitoring reads these; they go with the agent (behaviour rule 1).
 */
export interface ToolCallRecord extends ToolReceipt {
  /** UUID. */
  id: string;
  trace: RunTrace;
  /** The tool's `ToolError` reason (`invalid_pattern`…), on failures that gave one. */
  reason?: string;
  created_at: Date;
}
