import { ToolErrorCode } from './tool-outcome';

/** What one invocation cost; returned with every outcome, success or not. */
export interface ToolReceipt {
  tool_id: string;
  version: string;
  wall_ms: number;
  cpu_ms: number;
  /** Isolate heap in use after the call (0 when the call never reached a sandbox). */
  heap_bytes: number;
  /** Capability names the code called, sorted (denied calls included). */
  capabilities_used: string[];
  http_calls: number;
  outcome: 'success' | ToolErrorCode;
}
