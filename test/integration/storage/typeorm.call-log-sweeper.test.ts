import { randomUUID } from 'node:crypto';
import { createContainer } from '../../../adapters/composition/create-container';
import { StorageKind } from '../../../adapters/config/app-config';
import { EXPIRED_STATE_SWEEPER, ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { LLM_CALL_LOG, LlmCallLog } from '../../../core/ports/llm-call-log.port';
import { TOOL_CALL_LOG, ToolCallLog } from '../../../core/ports/tool-call-log.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { anLlmCall } from '../ports/llm-call-log.contract';
import { aToolCall } from '../ports/tool-call-log.contract';

const HOUR = 3_600_000;
const NOW = new Date('2031-05-06T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** The LLM and tool call logs keep rows CALL_LOG_RETENTION_HOURS, then the expiry sweep deletes them. */
function describeCallLogRetention(kind: StorageKind): void {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(kind, { CALL_LOG_RETENTION_HOURS: '2' });
  });
  afterAll(async () => {
    await storage?.destroy();
  });

  it('When the sweep runs, Then calls older than the retention go from both logs and younger ones stay', async () => {
    const container = createContainer();
    container.loadSync(storage.module);
    const [llmCalls, toolCalls] = [container.get<LlmCallLog>(LLM_CALL_LOG), container.get<ToolCallLog>(TOOL_CALL_LOG)];
    const ownerId = randomUUID();
    const oldLlm = anLlmCall({ ownerId, createdAt: ago(2 * HOUR + 1) });
    const youngLlm = anLlmCall({ ownerId, createdAt: ago(2 * HOUR - 1000) });
    const oldTool = aToolCall({ trace: { ownerId }, created_at: ago(3 * HOUR) });
    const youngTool = aToolCall({ trace: { ownerId }, created_at: ago(HOUR) });
    for (const call of [oldLlm, youngLlm]) await llmCalls.record(call);
    for (const call of [oldTool, youngTool]) await toolCalls.record(call);

    let removed = 0;
    for (const sweeper of container.getAll<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER)) removed += await sweeper.sweepExpired(NOW);

    expect(removed).toBe(2);
    expect(await llmCalls.list({ ownerId }, 0, 10)).toEqual({ items: [youngLlm], total: 1 });
    expect(await toolCalls.list({ ownerId }, 0, 10)).toEqual({ items: [youngTool], total: 1 });
  });
}

describe('Call log retention on SQLite', () => describeCallLogRetention('sqlite'));
describeWithEnv('DATABASE_URL', 'Call log retention on MariaDB', () => describeCallLogRetention('mysql'));
