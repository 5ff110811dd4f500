import { Actor } from '../../../../core/domain/auth/actor';
import { ToolDescriptor } from '../../../../core/domain/tool/tool-descriptor';
import { ToolOutcome } from '../../../../core/domain/tool/tool-outcome';
import { ToolReceipt } from '../../../../core/domain/tool/tool-receipt';
import { ToolNotFoundError, ToolUseRateLimitedError } from '../../../../core/domain/tool/tool.errors';
import { Clock } from '../../../../core/ports/clock.port';
import { CustomToolRepository } from '../../../../core/ports/custom-tool-repository.port';
import { HttpEgress } from '../../../../core/ports/http-egress.port';
import { JsonSchemaValidator } from '../../../../core/ports/json-schema-validator.port';
import { LogFields, Logger } from '../../../../core/ports/logger.port';
import { SecretCipher } from '../../../../core/ports/secret-cipher.port';
import { ToolRegistry } from '../../../../core/ports/tool-registry.port';
import { ToolRunner } from '../../../../core/services/tools/tool-runner.service';
import { InMemoryRateLimiter } from '../../../fixtures/rate-limit/in-memory-rate-limiter';
import { InMemoryToolCallLog } from '../../../fixtures/tools/in-memory-tool-call-log';
import { toolCallRecorder } from '../../../fixtures/tools/tool-call-recorder.mother';
import { toolUseThrottle } from '../../../support/usage-limits';

const NOW = new Date('2031-02-03T04:05:06.789Z');
const actor: Actor = { userId: '11111111-1111-4111-8111-111111111111', role: 'user' };
const trace = { agentId: '22222222-2222-4222-8222-222222222222', sessionId: 'chat-1', executionId: '33333333-3333-4333-8333-333333333333' };

const receipt = (outcome: ToolReceipt['outcome']): ToolReceipt => ({
  tool_id: 'regex_match',
  version: '1.4.0',
  wall_ms: 12,
  cpu_ms: 3,
  heap_bytes: 2048,
  capabilities_used: ['log'],
  http_calls: 0,
  outcome,
});
const succeeded: ToolOutcome = { success: true, result: { matches: [] }, receipt: receipt('success'), logs: [] };
const failed: ToolOutcome = {
  success: false,
  error: { code: 'runtime_error', reason: 'invalid_pattern', message: 'The pattern is not valid' },
  receipt: receipt('runtime_error'),
  logs: [],
};

const descriptor = { id: 'regex_match', enabled: true, capabilities: [] } as unknown as ToolDescriptor;

class RecordingLogger implements Logger {
  readonly warnings: Array<{ fields: LogFields; message: string }> = [];
  debug = () => undefined;
  info = () => undefined;
  warn = (fields: LogFields, message: string) => void this.warnings.push({ fields, message });
  error = () => undefined;
}

function setUp(outcome: ToolOutcome, useRatePerMinute?: number) {
  const clock: Clock = { now: () => NOW };
  const log = new InMemoryToolCallLog();
  const logger = new RecordingLogger();
  const registry = { get: (id: string) => (id === 'regex_match' ? descriptor : undefined), invoke: async () => outcome };
  const runner = new ToolRunner(
    registry as unknown as ToolRegistry,
    { findById: async () => undefined } as unknown as CustomToolRepository,
    {} as JsonSchemaValidator,
    {} as HttpEgress,
    {} as SecretCipher,
    clock,
    toolUseThrottle(new InMemoryRateLimiter(), clock, useRatePerMinute),
    toolCallRecorder(clock, log, logger),
  );
  return { runner, log, logger };
}

describe('ToolRunner, recording each tool use', () => {
  it('When a tool succeeds in a run, Then one record holds its receipt, the run trace and the owner', async () => {
    const { runner, log } = setUp(succeeded);

    expect(await runner.use(actor, 'regex_match', { text: 'a' }, { trace })).toEqual(succeeded);

    expect(log.records).toEqual([
      { ...receipt('success'), id: '00000000-0000-4000-8000-000000000001', trace: { ...trace, ownerId: actor.userId }, created_at: NOW },
    ]);
  });

  it('When a tool fails with a reason, Then the record holds the error code and the reason', async () => {
    const { runner, log } = setUp(failed);

    expect(await runner.use(actor, 'regex_match', {})).toEqual(failed);

    expect(log.records).toEqual([expect.objectContaining({ outcome: 'runtime_error', reason: 'invalid_pattern', trace: { ownerId: actor.userId } })]);
  });

  it('When the record cannot be written, Then the tool call still answers its outcome and the failure is logged', async () => {
    const { runner, log, logger } = setUp(succeeded);
    log.failing = true;

    expect(await runner.use(actor, 'regex_match', {}, { trace })).toEqual(succeeded);

    expect(log.records).toEqual([]);
    expect(logger.warnings).toEqual([
      { fields: expect.objectContaining({ tool: 'regex_match', agentId: trace.agentId }), message: 'could not record a tool call' },
    ]);
  });

  it('When the tool is unknown or the rate is spent, Then nothing ran and nothing is recorded', async () => {
    const { runner, log } = setUp(succeeded, 1);

    await expect(runner.use(actor, 'no_such_tool', {})).rejects.toBeInstanceOf(ToolNotFoundError);
    await runner.use(actor, 'regex_match', {});
    await expect(runner.use(actor, 'regex_match', {})).rejects.toBeInstanceOf(ToolUseRateLimitedError);

    expect(log.records).toHaveLength(1);
  });
});
