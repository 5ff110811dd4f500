import { CapabilityName } from './tool-descriptor';

/**
 * How much one use of a tool weighs against its user's per-minute tool-use rate, by what its
 * declared capabilities let it do (docs/security.md). Pure computation is cheapest; reaching the
 * network or stored data costs more; spending model calls, sending mail or messages and starting
 * runs, workflows or schedules on the platform costs most, since each bills or fans out.
 */
export const TOOL_USE_COSTS: Readonly<Record<CapabilityName, number>> = {
  log: 1,
  http: 2,
  kv: 2,
  knowledge: 2,
  workspace: 2,
  datasource: 2,
  llm: 5,
  notify: 5,
  platform: 5,
};

/** A tool with no capability is pure computation. */
export const PURE_COMPUTE_COST = 1;

/** The weight of one use: that of the costliest capability the tool declares. */
export function toolUseCost(capabilities: ReadonlyArray<CapabilityName>): number {
  return capabilities.reduce((cost, capability) => Math.max(cost, TOOL_USE_COSTS[capability]), PURE_COMPUTE_COST);
}
