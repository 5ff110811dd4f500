import { randomUUID } from 'node:crypto';
import { ToolCallRecord } from '../../../core/domain/tool/tool-call-record';
import { ToolCallLog } from '../../../core/ports/tool-call-log.port';

export interface ToolCallLogHarness {
  log: ToolCallLog;
  destroy(): Promise<void>;
}

export function aToolCall(overrides: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    id: randomUUID(),
    tool_id: 'web_fetch',
    version: '1.2.0',
    trace: { agentId: randomUUID(), executionId: randomUUID(), sessionId: `session-${randomUUID()}`, ownerId: randomUUID() },
    outcome: 'success',
    wall_ms: 412,
    cpu_ms: 17,
    heap_bytes: 3_221_225_472,
    http_calls: 2,
    capabilities_used: ['http', 'log'],
    created_at: new Date('2031-05-06T07:08:09.123Z'),
    ...overrides,
  };
}

export function describeToolCallLogContract(name: string, makeHarness: () => Promise<ToolCallLogHarness>): void {
  describe(name, () => {
    let harness: ToolCallLogHarness;
    const log = (): ToolCallLog => harness.log;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When calls are recorded, Then listing them returns every field unchanged, absent context and reason left out', async () => {
      const ownerId = randomUUID();
      const full = aToolCall({ outcome: 'runtime_error', reason: 'invalid_pattern' });
      const bare = aToolCall({ trace: { ownerId }, tool_id: 'calculator', capabilities_used: [], heap_bytes: 0, http_calls: 0 });
      await log().record(full);
      await log().record(bare);

      expect(await log().list({ agentId: full.trace.agentId }, 0, 10)).toEqual({ items: [full], total: 1 });
      expect(await log().list({ ownerId }, 0, 10)).toEqual({ items: [bare], total: 1 });
    });

    it('When an execution used several tools, Then they list oldest first and filters combine', async () => {
      const [agentId, executionId, ownerId] = [randomUUID(), randomUUID(), randomUUID()];
      const at = (ms: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, 0, ms));
      const calls = [
        aToolCall({ trace: { agentId, executionId, ownerId }, tool_id: 'second', created_at: at(5) }),
        aToolCall({ trace: { agentId, executionId, ownerId }, tool_id: 'first', outcome: 'timeout', created_at: at(1) }),
        aToolCall({ trace: { agentId, ownerId }, tool_id: 'chat', created_at: at(9) }),
      ];
      for (const call of calls) await log().record(call);

      expect((await log().list({ executionId }, 0, 10)).items.map((c) => c.tool_id)).toEqual(['first', 'second']);
      expect(await log().list({ agentId, ownerId }, 0, 10)).toMatchObject({ total: 3 });
      expect(await log().list({ agentId, executionId }, 1, 1)).toEqual({ items: [calls[0]], total: 2 });
      expect(await log().list({ agentId, executionId }, 2, 10)).toEqual({ items: [], total: 2 });
      expect(await log().list({ agentId: randomUUID() }, 0, 10)).toEqual({ items: [], total: 0 });
    });

    it('When an agent’s calls are deleted, Then only its rows go and their number is answered', async () => {
      const [agentId, otherAgent] = [randomUUID(), randomUUID()];
      await log().record(aToolCall({ trace: { agentId } }));
      await log().record(aToolCall({ trace: { agentId, sessionId: 's' } }));
      await log().record(aToolCall({ trace: { agentId: otherAgent } }));

      expect(await log().deleteByAgent(agentId)).toBe(2);
      expect(await log().list({ agentId }, 0, 10)).toEqual({ items: [], total: 0 });
      expect(await log().list({ agentId: otherAgent }, 0, 10)).toMatchObject({ total: 1 });
      expect(await log().deleteByAgent(agentId)).toBe(0);
      expect(await log().deleteByAgent('')).toBe(0);
    });
  });
}
