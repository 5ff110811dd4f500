import { ManifestLimits } from '../manifest/plugin-manifest';

/** Host maxima (`config.sandbox`). */
export interface SandboxMaxima {
  maxTimeoutMs: number;
  maxMemoryMb: number;
}

export interface PluginLimits {
  timeoutMs: number;
  memoryMb: number;
  cpuMs: number;
}

export const DEFAULT_LIMITS: PluginLimits = { timeoutMs: 10_000, memoryMb: 64, cpuMs: 5_000 };
/** isolated-vm refuses smaller heaps. */
const MIN_MEMORY_MB = 8;

/** Manifest limits clamped to the host's maxima; CPU never exceeds the wall-clock deadline. */
export function clampLimits(limits: ManifestLimits | undefined, maxima: SandboxMaxima): PluginLimits {
  const timeoutMs = Math.min(limits?.timeout_ms ?? DEFAULT_LIMITS.timeoutMs, maxima.maxTimeoutMs);
  const memoryMb = Math.max(MIN_MEMORY_MB, Math.min(limits?.memory_mb ?? DEFAULT_LIMITS.memoryMb, maxima.maxMemoryMb));
  const cpuMs = Math.min(limits?.cpu_ms ?? DEFAULT_LIMITS.cpuMs, timeoutMs);
  return { timeoutMs, memoryMb, cpuMs };
}
