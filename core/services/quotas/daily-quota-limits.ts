import { token } from '../../shared/token';

/** What each user may spend per day, counted from their first use in the day's window. */
export interface DailyQuotaLimits {
  /** E-mails sent through the platform's mailer (tools, notifications asked for by the user). */
  emails: number;
  /** Schedules created. */
  schedules: number;
  /** Bytes written to the user's workspace. */
  workspaceWriteBytes: number;
}

export type DailyQuota = keyof DailyQuotaLimits;

export const DAILY_QUOTA_LIMITS = token<DailyQuotaLimits>('DailyQuotaLimits');
