import { token } from '../shared/token';

export interface BuiltinToolsStatus {
  /** Built-in tools loaded and invocable. */
  count: number;
  /** True only when every shipped built-in tool loaded. */
  ready: boolean;
}

/** Readiness of the built-in tool catalogue, reported by the health endpoint. */
export interface BuiltinToolsProbe {
  status(): BuiltinToolsStatus;
}

export const BUILTIN_TOOLS_PROBE = token<BuiltinToolsProbe>('BuiltinToolsProbe');
