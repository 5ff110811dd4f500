import { Container } from 'inversify';
import { Clock } from '../../core/ports/clock.port';
import { RateLimiter } from '../../core/ports/rate-limiter.port';
import { DAILY_QUOTA_LIMITS, DailyQuotaLimits } from '../../core/services/quotas/daily-quota-limits';
import { DailyQuotas } from '../../core/services/quotas/daily-quotas.service';
import { ToolUseThrottle } from '../../core/services/tools/tool-use-throttle.service';
import { TOOLS_SETTINGS, ToolsSettings } from '../../core/services/tools/tools-settings';

/**
 * Per-user limits high enough that no test trips them by accident; a test of a limit sets its
 * own low value instead.
 */
export const GENEROUS_TOOLS_SETTINGS: ToolsSettings = { testRatePerMinute: 100_000, useRatePerMinute: 1_000_000 };
export const GENEROUS_DAILY_QUOTAS: DailyQuotaLimits = { emails: 1_000_000, schedules: 1_000_000, workspaceWriteBytes: 1_099_511_627_776 };

export interface UsageLimits {
  tools?: Partial<ToolsSettings>;
  dailyQuotas?: Partial<DailyQuotaLimits>;
}

/** Binds the tool-use throttle and the daily quotas (and their limits) over the container's RATE_LIMITER and CLOCK. */
export function bindUsageLimits(container: Container, limits: UsageLimits = {}): void {
  container.bind(TOOLS_SETTINGS).toConstantValue({ ...GENEROUS_TOOLS_SETTINGS, ...limits.tools });
  container.bind(DAILY_QUOTA_LIMITS).toConstantValue({ ...GENEROUS_DAILY_QUOTAS, ...limits.dailyQuotas });
  container.bind(ToolUseThrottle).toSelf().inSingletonScope();
  container.bind(DailyQuotas).toSelf().inSingletonScope();
}

/** A `ToolUseThrottle` for services built by hand. */
export function toolUseThrottle(limiter: RateLimiter, clock: Clock, useRatePerMinute = GENEROUS_TOOLS_SETTINGS.useRatePerMinute): ToolUseThrottle {
  return new ToolUseThrottle(limiter, clock, { ...GENEROUS_TOOLS_SETTINGS, useRatePerMinute });
}

/** `DailyQuotas` for services built by hand. */
export function dailyQuotas(limiter: RateLimiter, clock: Clock, limits: Partial<DailyQuotaLimits> = {}): DailyQuotas {
  return new DailyQuotas(limiter, clock, { ...GENEROUS_DAILY_QUOTAS, ...limits });
}
