import { inject, injectable } from 'inversify';
import { RunTrace } from '../../domain/run/run-trace';
import { ToolOutcome } from '../../domain/tool/tool-outcome';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { TOOL_CALL_LOG, ToolCallLog } from '../../ports/tool-call-log.port';

/**
 * Keeps the receipt of a tool use in the tool call log. The log is for monitoring: a failure
 * to write it is logged and never changes the tool call's outcome.
 */
@injectable()
export class ToolCallRecorder {
  constructor(
    @inject(TOOL_CALL_LOG) private readonly log: ToolCallLog,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(outcome: ToolOutcome, trace: RunTrace): Promise<void> {
    const reason = outcome.success ? undefined : outcome.error.reason;
    try {
      await this.log.record({ ...outcome.receipt, id: this.ids.uuid(), trace, ...(reason ? { reason } : {}), created_at: this.clock.now() });
    } catch (error) {
      this.logger.warn({ tool: outcome.receipt.tool_id, agentId: trace.agentId, err: error }, 'could not record a tool call');
    }
  }
}
