import { inject, injectable } from 'inversify';
import { ScheduleValidationError } from '../../domain/schedule/schedule.errors';
import { checkScheduleInput, CheckedScheduleInput, DEFAULT_TIMEZONE, NewScheduleInput, ScheduleCheckOptions } from '../../domain/schedule/schedule.rules';
import { CRON_CALCULATOR, CronCalculator } from '../../ports/cron-calculator.port';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';

/** An expression that is always valid, so asking the calculator about it checks the zone alone. */
const ZONE_PROBE = '0 0 * * *';

/**
 * The domain rules of a schedule, then what only the calculator knows (whether the zone exists,
 * whether the cron ever fires); every problem at once, as `schedule.validation`.
 */
@injectable()
export class ScheduleInputChecker {
  constructor(@inject(CRON_CALCULATOR) private readonly cron: CronCalculator) {}

  check(input: NewScheduleInput, now: Date, options: ScheduleCheckOptions = {}): CheckedScheduleInput {
    const checked = checkScheduleInput(input, now, options);
    const issues: FieldIssue[] = checked.ok ? [] : [...checked.issues];
    const flagged = (field: string): boolean => issues.some((issue) => issue.field === field);
    const timezone = input.timezone ?? DEFAULT_TIMEZONE;
    if (!flagged('timezone')) {
      const zoneProblem = this.cron.problem(ZONE_PROBE, timezone);
      if (zoneProblem) issues.push({ field: 'timezone', message: zoneProblem });
      else if (typeof input.cron === 'string' && !flagged('cron')) {
        const cronProblem = this.cron.problem(input.cron.trim(), timezone);
        if (cronProblem) issues.push({ field: 'cron', message: cronProblem });
      }
    }
    if (!checked.ok || issues.length > 0) throw new ScheduleValidationError(summarizeIssues('Invalid schedule', issues), issues);
    return checked.value;
  }
}
