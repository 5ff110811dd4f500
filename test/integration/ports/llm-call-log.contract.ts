import { randomUUID } from 'node:crypto';
import { LlmCall } from '../../../core/domain/llm/llm-call';
import { LlmCallLog } from '../../../core/ports/llm-call-log.port';

export interface LlmCallLogHarness {
  log: LlmCallLog;
  destroy(): Promise<void>;
}

export function anLlmCall(overrides: Partial<LlmCall> = {}): LlmCall {
  return {
    id: randomUUID(),
    agentId: randomUUID(),
    executionId: randomUUID(),
    sessionId: `session-${randomUUID()}`,
    ownerId: randomUUID(),
    provider: 'openai',
    model: 'gpt-4o-mini',
    promptTokens: 120,
    completionTokens: 35,
    latencyMs: 842,
    outcome: 'success',
    attempt: 1,
    createdAt: new Date('2031-05-06T07:08:09.123Z'),
    ...overrides,
  };
}

export function describeLlmCallLogContract(name: string, makeHarness: () => Promise<LlmCallLogHarness>): void {
  describe(name, () => {
    let harness: LlmCallLogHarness;
    const log = (): LlmCallLog => harness.log;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When calls are recorded, Then listing them returns every field unchanged, absent context left out', async () => {
      const full = anLlmCall();
      const bare = anLlmCall({ agentId: undefined, executionId: undefined, sessionId: undefined, provider: 'offline', model: 'offline-1' });
      delete bare.agentId;
      delete bare.executionId;
      delete bare.sessionId;
      await log().record(full);
      await log().record(bare);

      expect(await log().list({ agentId: full.agentId }, 0, 10)).toEqual({ items: [full], total: 1 });
      expect(await log().list({ ownerId: bare.ownerId }, 0, 10)).toEqual({ items: [bare], total: 1 });
    });

    it('When an execution made several attempts, Then they list oldest first, attempts in order, and filters combine', async () => {
      const [agentId, executionId, ownerId] = [randomUUID(), randomUUID(), randomUUID()];
      const at = (ms: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, 0, ms));
      const calls = [
        anLlmCall({ agentId, executionId, ownerId, attempt: 2, outcome: 'success', createdAt: at(5) }),
        anLlmCall({ agentId, executionId, ownerId, attempt: 1, outcome: 'rate_limited', createdAt: at(5) }),
        anLlmCall({ agentId, executionId, ownerId, attempt: 1, outcome: 'timeout', createdAt: at(1) }),
        anLlmCall({ agentId, ownerId, attempt: 1, outcome: 'cancelled', createdAt: at(9) }),
      ];
      for (const call of calls) await log().record(call);

      const listed = await log().list({ executionId }, 0, 10);
      expect(listed.items.map((c) => [c.outcome, c.attempt])).toEqual([
        ['timeout', 1],
        ['rate_limited', 1],
        ['success', 2],
      ]);
      expect(await log().list({ agentId, ownerId }, 0, 10)).toMatchObject({ total: 4 });
      expect(await log().list({ agentId, executionId }, 1, 1)).toEqual({ items: [calls[1]], total: 3 });
      expect(await log().list({ agentId: randomUUID() }, 0, 10)).toEqual({ items: [], total: 0 });
    });

    it('When an agent’s calls are deleted, Then only its rows go and their number is answered', async () => {
      const [agentId, otherAgent] = [randomUUID(), randomUUID()];
      await log().record(anLlmCall({ agentId }));
      await log().record(anLlmCall({ agentId, attempt: 2 }));
      await log().record(anLlmCall({ agentId: otherAgent }));

      expect(await log().deleteByAgent(agentId)).toBe(2);
      expect(await log().list({ agentId }, 0, 10)).toEqual({ items: [], total: 0 });
      expect(await log().list({ agentId: otherAgent }, 0, 10)).toMatchObject({ total: 1 });
      expect(await log().deleteByAgent(agentId)).toBe(0);
    });
  });
}
