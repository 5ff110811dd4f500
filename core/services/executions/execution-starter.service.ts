import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ExecutionMode } from '../../domain/execution/execution-mode';
import { Execution, ExecutionOptions, FINISHED_EXECUTION_STATUSES } from '../../domain/execution/execution.entity';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { TIMERS, Timers } from '../../ports/timers.port';
import { ValidationError } from '../../shared/common.errors';
import { JsonValue } from '../../shared/json';
import { ExecutionLauncher } from './execution-launcher.service';
import { EXECUTION_SETTINGS, ExecutionSettings } from './execution-settings';
import { ExecutionStartThrottle } from './execution-start-throttle.service';
import { ExecutionTarget } from './execution-targets';

/** What a caller asks for when it starts an execution over the API. */
export interface ExecutionRequest {
  input: JsonValue;
  mode?: ExecutionMode;
  options: ExecutionOptions;
  /** Queue it and answer at once, instead of waiting for it. */
  async: boolean;
}

export interface StartedExecution {
  execution: Execution;
  /** Whether the record is final (`completed`, `failed`, `cancelled`): the API answers 200, else 202. */
  finished: boolean;
}

const MAX_SESSION_ID_CHARS = 128;

/**
 * Starts an execution for the API (decisions.md, "Runs"), at most `startsPerMinute` per user:
 * queued and answered at once when `async`; else run here, waiting at most `waitMs` for its end. Past the wait the record is
 * answered as it stands and the run goes on (under its lease, so it survives this request).
 */
@injectable()
export class ExecutionStarter {
  constructor(
    @inject(ExecutionLauncher) private readonly launcher: ExecutionLauncher,
    @inject(ExecutionStartThrottle) private readonly throttle: Pick<ExecutionStartThrottle, 'take'>,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
    @inject(TIMERS) private readonly timers: Timers,
  ) {}

  async start(actor: Actor, target: ExecutionTarget, request: ExecutionRequest): Promise<StartedExecution> {
    const sessionId = request.options.sessionId;
    if (sessionId !== undefined && (sessionId === '' || sessionId.length > MAX_SESSION_ID_CHARS)) {
      throw new ValidationError('The execution request is not valid', [{ field: 'session_id', message: `must be 1 to ${MAX_SESSION_ID_CHARS} characters` }]);
    }
    await this.throttle.take(actor);
    const options = { trigger: 'api' as const, mode: request.mode, modeOptions: request.options };
    if (request.async) return { execution: await this.launcher.enqueue(actor, target, request.input, options), finished: false };

    const { execution, done } = await this.launcher.begin(actor, target, request.input, options);
    const stopWaiting = new AbortController();
    const ended = await Promise.race([done, this.timers.sleep(this.settings.waitMs, stopWaiting.signal).then(() => undefined)]);
    stopWaiting.abort();
    const current = ended ?? (await this.executions.findById(execution.id)) ?? execution;
    return { execution: current, finished: FINISHED_EXECUTION_STATUSES.includes(current.status) };
  }
}
