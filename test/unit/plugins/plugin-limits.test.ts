import { clampLimits } from '../../../plugins/kernel/registry/plugin-limits';

const maxima = { maxTimeoutMs: 30_000, maxMemoryMb: 128 };

describe('clampLimits', () => {
  it('When a manifest has no limits, Then the defaults apply', () => {
    expect(clampLimits(undefined, maxima)).toEqual({ timeoutMs: 10_000, memoryMb: 64, cpuMs: 5_000 });
  });

  it('When limits exceed the host maxima, Then they are lowered to them', () => {
    expect(clampLimits({ timeout_ms: 600_000, memory_mb: 4096, cpu_ms: 600_000 }, maxima)).toEqual({ timeoutMs: 30_000, memoryMb: 128, cpuMs: 30_000 });
  });

  it('When CPU exceeds the deadline or memory is below the isolate minimum, Then both are corrected', () => {
    expect(clampLimits({ timeout_ms: 500, cpu_ms: 2000, memory_mb: 1 }, maxima)).toEqual({ timeoutMs: 500, memoryMb: 8, cpuMs: 500 });
  });
});
