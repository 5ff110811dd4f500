import { createSecretKey, randomBytes } from 'node:crypto';
import { AesGcmSecretCipher } from '../../../adapters/auth/aes-gcm-secret-cipher';
import { GuardedHttpEgress } from '../../../adapters/http/guarded-http-egress';
import { OfflineLlmProvider } from '../../../adapters/llm/offline/offline-llm-provider';
import { RetryingLlmProvider } from '../../../adapters/llm/retrying-llm-provider';
import { SystemClock } from '../../../adapters/system/system-clock';
import { AjvJsonSchemaValidator } from '../../../adapters/validation/ajv-json-schema-validator';
import { CustomToolRepository } from '../../../core/ports/custom-tool-repository.port';
import { LlmProvider } from '../../../core/ports/llm-provider.port';
import { Logger } from '../../../core/ports/logger.port';
import { AgentRunner } from '../../../core/services/agents/agent-runner.service';
import { DEFAULT_AGENT_RUN_LIMITS } from '../../../core/services/agents/agent-settings';
import { ToolCatalog } from '../../../core/services/tools/tool-catalog.service';
import { ToolRunner } from '../../../core/services/tools/tool-runner.service';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { answer, callTools, QueuedLlmProvider } from '../../fixtures/agents/queued-llm-provider';
import { toolCallRecorder } from '../../fixtures/tools/tool-call-recorder.mother';
import { InMemoryRateLimiter } from '../../fixtures/rate-limit/in-memory-rate-limiter';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { toolUseThrottle } from '../../support/usage-limits';
import { FixedLlmProviderRegistry } from '../../fixtures/llm/fixed-llm-provider-registry';
import { agentRunSteps } from '../../fixtures/agents/agent-run-steps';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const noCustomTools = { findById: async () => undefined } as unknown as CustomToolRepository;
// The offline model behind our retrying decorator: every attempt is counted against the run's budget.
const llm: LlmProvider = new RetryingLlmProvider(new OfflineLlmProvider(), { maxRetries: 0, retryBaseMs: 1 });

function runnerOver(kernel: TestKernel, model = llm, useRatePerMinute?: number): AgentRunner {
  const registry = kernel.registry;
  const cipher = AesGcmSecretCipher.derivedFrom(createSecretKey(randomBytes(32)));
  const clock = new SystemClock();
  const tools = new ToolRunner(
    registry,
    noCustomTools,
    new AjvJsonSchemaValidator(),
    new GuardedHttpEgress(),
    cipher,
    clock,
    toolUseThrottle(new InMemoryRateLimiter(), clock, useRatePerMinute),
    toolCallRecorder(clock),
  );
  const settings = { defaultProvider: 'offline', defaultModel: 'offline-1', ...DEFAULT_AGENT_RUN_LIMITS };
  const steps = agentRunSteps(settings, silent);
  return new AgentRunner(
    new FixedLlmProviderRegistry(model),
    new ToolCatalog(registry, noCustomTools),
    tools,
    silent,
    settings,
    steps.knowledge,
    steps.reviewer,
  );
}

describe('AgentRunner over the real kernel and the offline model', () => {
  let kernel: TestKernel;

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: ['calculator', 'llm_generate'], llm });
  });
  afterAll(async () => {
    await kernel?.close();
  });

  it('When the user asks for the calculator, Then the sandboxed tool computes and the model answers from its result', async () => {
    const agent = anAgent({
      ownerId: TEST_ACTOR.userId,
      includeTools: ['calculator'],
      modelConfig: { provider: 'offline', modelName: 'offline-1', temperature: 0 },
    });
    const result = await runnerOver(kernel).run(TEST_ACTOR, agent, 'Use the calculator to compute 2 + 3 * 4');

    expect(result.toolCalls).toEqual([{ id: 'call_offline_1', name: 'calculator', arguments: { expression: '2 + 3 * 4' }, success: true }]);
    expect(result.steps[1]).toEqual({
      iteration: 1,
      type: 'tool',
      tool: 'calculator',
      arguments: { expression: '2 + 3 * 4' },
      result: { value: 14 },
    });
    expect(result.success).toBe(true);
    expect(result.output).toBe('[offline model] The calculator tool returned: {"success":true,"result":{"value":14}}');
    expect(result).toMatchObject({ iterations: 2, llmCalls: 2 });
    expect(result.tokenUsage.totalTokens).toBeGreaterThan(0);
  });

  it('When a tool calls the model itself, Then those calls spend the same run budget', async () => {
    const agent = anAgent({
      ownerId: TEST_ACTOR.userId,
      includeTools: ['llm_generate'],
      modelConfig: { provider: 'offline', modelName: 'offline-1', temperature: 0 },
    });
    const result = await runnerOver(kernel).run(TEST_ACTOR, agent, 'Use llm generate to write a line about rivers');

    expect(result.toolCalls).toEqual([expect.objectContaining({ name: 'llm_generate', success: true })]);
    expect(result).toMatchObject({ success: true, iterations: 2, llmCalls: 3 });
  });

  it('When the sandboxed tool rejects the arguments, Then the model reads the error and the run keeps going to its limit', async () => {
    const wrong = [1, 2].map((n) => callTools(`try ${n}`, [{ id: `c${n}`, name: 'calculator', arguments: '{"formula":"1+1"}' }]));
    const scripted = new QueuedLlmProvider(wrong, 'offline');
    const agent = anAgent({ ownerId: TEST_ACTOR.userId, includeTools: ['calculator'], iterationLimit: 2 });
    const result = await runnerOver(kernel, scripted).run(TEST_ACTOR, agent, 'add');

    expect(scripted.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c1', content: expect.stringContaining('"code":"invalid_input"') });
    expect(result).toMatchObject({ success: false, output: 'try 2', error: { code: 'agent.iteration_limit' } });
    expect(result.toolCalls.map((c) => c.success)).toEqual([false, false]);
  });

  it('When the sandboxed tool fails with a reason, Then the model reads the code, the reason and the message, and the run goes on', async () => {
    const scripted = new QueuedLlmProvider(
      [callTools('adding', [{ id: 'c1', name: 'calculator', arguments: '{"expression":"2 +"}' }]), answer('sorry')],
      'offline',
    );
    const agent = anAgent({ ownerId: TEST_ACTOR.userId, includeTools: ['calculator'] });
    const result = await runnerOver(kernel, scripted).run(TEST_ACTOR, agent, 'add');

    const toolMessage = scripted.requests[1].messages.at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', toolCallId: 'c1' });
    expect(JSON.parse(String(toolMessage?.content))).toEqual({
      success: false,
      error: { code: 'runtime_error', reason: 'syntax_error', message: expect.stringContaining('Expected expression') },
    });
    expect(result.toolCalls.map((c) => c.success)).toEqual([false]);
    expect(result).toMatchObject({ success: true, output: 'sorry' });
  });

  it('When a tool call passes the user’s tool-use rate, Then the model reads a rate_limited tool error and the run goes on to its answer', async () => {
    const calls = [1, 2, 3].map((n) => ({ id: `c${n}`, name: 'calculator', arguments: `{"expression":"${n} + ${n}"}` }));
    const scripted = new QueuedLlmProvider([callTools('adding', calls), answer('done')], 'offline');
    const agent = anAgent({ ownerId: TEST_ACTOR.userId, includeTools: ['calculator'] });
    const result = await runnerOver(kernel, scripted, 2).run(TEST_ACTOR, agent, 'add three times');

    expect(result.toolCalls.map((c) => c.success)).toEqual([true, true, false]);
    expect(scripted.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c3', content: expect.stringContaining('"code":"rate_limited"') });
    expect(result).toMatchObject({ success: true, output: 'done' });
  });
});
