import { token } from '../shared/token';

/**
 * Reads standard 5-field cron expressions (and the `@daily`-style macros) in an IANA time
 * zone, so "09:00 every weekday" stays 09:00 local across daylight-saving changes.
 */
export interface CronCalculator {
  /**
   * The first instant strictly after `after` that the expression names in `timezone`.
   * Throws when the expression or the zone is invalid, or the expression never fires.
   */
  next(expression: string, timezone: string, after: Date): Date;
  /**
   * Why the expression cannot be scheduled in that zone (bad syntax, unknown zone, a date
   * that never comes such as 30 February), in one sentence for the client; undefined when it can.
   */
  problem(expression: string, timezone: string): string | undefined;
}

export const CRON_CALCULATOR = token<CronCalculator>('CronCalculator');
