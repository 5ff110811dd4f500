import { parseExpression } from 'cron-parser';
import { CronCalculator } from '../../core/ports/cron-calculator.port';

/** The macros cron-parser expands; anything else must be exactly five fields. */
const MACROS = new Set(['@yearly', '@monthly', '@weekly', '@daily', '@hourly']);

/**
 * `CronCalculator` over cron-parser 4 (luxon underneath, so zones follow the IANA rules).
 * A slot that falls in a spring-forward gap runs just after the gap; a slot repeated by a
 * fall-back runs once.
 *
 * cron-parser itself also takes 6-field (seconds) and shorter expressions and any zone luxon
 * can read (`UTC+3`); both are refused here, so nothing fires more often than once a minute
 * and a zone means the same to every reader.
 */
export class CronParserCalculator implements CronCalculator {
  private readonly knownZones = new Set<string>();

  next(expression: string, timezone: string, after: Date): Date {
    const problem = this.shapeProblem(expression) ?? this.zoneProblem(timezone);
    if (problem) throw new Error(problem);
    return parseExpression(expression, { currentDate: after, tz: timezone }).next().toDate();
  }

  problem(expression: string, timezone: string): string | undefined {
    const problem = this.shapeProblem(expression) ?? this.zoneProblem(timezone);
    if (problem) return problem;
    try {
      // Parsing refuses impossible dates (30 February); the first slot proves it fires at all.
      parseExpression(expression, { currentDate: new Date(), tz: timezone }).next();
      return undefined;
    } catch (error) {
      return `invalid cron expression: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private shapeProblem(expression: string): string | undefined {
    const trimmed = expression.trim();
    if (MACROS.has(trimmed)) return undefined;
    const fields = trimmed === '' ? 0 : trimmed.split(/\s+/).length;
    return fields === 5 ? undefined : `invalid cron expression: expected 5 fields (minute hour day-of-month month day-of-week), got ${fields}`;
  }

  private zoneProblem(timezone: string): string | undefined {
    if (this.knownZones.has(timezone)) return undefined;
    try {
      // Intl knows exactly the IANA names (and refuses offsets like UTC+3, which luxon would take).
      new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    } catch {
      return `unknown time zone "${timezone}"`;
    }
    this.knownZones.add(timezone);
    return undefined;
  }
}
