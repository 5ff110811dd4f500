import { LessThanOrEqual } from 'typeorm';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { LlmCallOrmEntity } from '../entities/llm-call.orm-entity';
import { ToolCallOrmEntity } from '../entities/tool-call.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** A call log table: rows with a `createdAt`, indexed on it alone. */
type CallLogEntity = typeof LlmCallOrmEntity | typeof ToolCallOrmEntity;

/**
 * Deletes the rows of a call log (`llm_calls`, `tool_calls`) older than the retention, so the
 * log does not grow without bound. A plain conditional delete: safe from several processes.
 */
export class TypeOrmCallLogSweeper implements ExpiredStateSweeper {
  constructor(
    private readonly managers: ManagerProvider,
    private readonly entity: CallLogEntity,
    private readonly retentionMs: number,
  ) {}

  async sweepExpired(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionMs);
    const result = await this.managers.use((manager) => manager.delete(this.entity, { createdAt: LessThanOrEqual(cutoff) }));
    return result.affected ?? 0;
  }
}
