import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { LlmBudgetExceededError, LlmUpstreamError } from '../../../../core/domain/llm/llm.errors';
import { RunEventData } from '../../../../core/domain/run/run-event';
import { actor, agentWith, ok, setUp, ToolBehaviour } from '../../../fixtures/agents/agent-runner-harness';
import { answer, callTools, QueuedLlmProvider } from '../../../fixtures/agents/queued-llm-provider';
describe('AgentRunner: answering without tools', () => {
  it('When the model answers at once, Then the run succeeds with its content, after system, history and input in that order', async () => {
    const { llm, runner } = setUp([answer('Paris.')]);
    const history = [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Hello!' },
    ];
    const result = await runner.run(actor, agentWith(), 'Capital of France?', { history });

    expect(result).toEqual({
      success: true,
      output: 'Paris.',
      steps: [{ iteration: 1, type: 'llm', content: 'Paris.' }],
      toolCalls: [],
      tokenUsage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
      iterations: 1,
      llmCalls: 1,
    });
    expect(llm.requests[0].messages).toEqual([{ role: 'system', content: 'Be brief.' }, ...history, { role: 'user', content: 'Capital of France?' }]);
    expect(llm.requests[0].tools).toEqual([
      { name: 'echo', description: 'The echo tool', parameters: { type: 'object', properties: { text: { type: 'string' } } } },
    ]);
    expect(llm.requests[0].temperature).toBe(0.3);
  });

  it('When the model configuration sets max tokens, Then every call asks for at most that many; unset, none is asked', async () => {
    const { llm, runner } = setUp([answer('Short.'), answer('Default.')]);
    await runner.run(
      actor,
      agentWith({ systemPrompt: '', includeTools: [], modelConfig: { provider: 'offline', modelName: '', temperature: 0.3, maxTokens: 64 } }),
      'Hi',
    );
    await runner.run(actor, agentWith({ systemPrompt: '', includeTools: [] }), 'Hi');
    expect(llm.requests.map((r) => r.maxTokens)).toEqual([64, undefined]);
  });

  it('When the system prompt is empty and no tool is listed, Then neither a system message nor tools are sent', async () => {
    const { llm, runner } = setUp([answer('Hi.')]);
    await runner.run(actor, agentWith({ systemPrompt: '', includeTools: [] }), 'Hello');
    expect(llm.requests[0].messages).toEqual([{ role: 'user', content: 'Hello' }]);
    expect(llm.requests[0].tools).toBeUndefined();
  });
});

describe('AgentRunner: tool calls', () => {
  it('When the model calls a tool, Then its result reaches the next request as a tool message answering that call', async () => {
    const { llm, registry, runner } = setUp([callTools('Let me echo.', [{ id: 'call_1', name: 'echo', arguments: '{"text":"hi"}' }]), answer('It said hi.')]);
    const result = await runner.run(actor, agentWith(), 'Echo hi');

    expect(registry.invocations).toEqual([{ id: 'echo', input: { text: 'hi' }, context: expect.objectContaining({ actor }) }]);
    expect(llm.requests[1].messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Let me echo.', toolCalls: [{ id: 'call_1', name: 'echo', arguments: '{"text":"hi"}' }] },
      { role: 'tool', content: '{"success":true,"result":{"echoed":{"text":"hi"}}}', toolCallId: 'call_1', name: 'echo' },
    ]);
    expect(result.success).toBe(true);
    expect(result.output).toBe('It said hi.');
    expect(result.steps).toEqual([
      { iteration: 1, type: 'llm', content: 'Let me echo.' },
      { iteration: 1, type: 'tool', tool: 'echo', arguments: { text: 'hi' }, result: { echoed: { text: 'hi' } } },
      { iteration: 2, type: 'llm', content: 'It said hi.' },
    ]);
    expect(result.toolCalls).toEqual([{ id: 'call_1', name: 'echo', arguments: { text: 'hi' }, success: true }]);
    expect(result.tokenUsage).toEqual({ promptTokens: 30, completionTokens: 8, totalTokens: 38 });
    expect(result).toMatchObject({ iterations: 2, llmCalls: 2 });
  });

  it('When the model asks for several tools at once, Then they run in order and each gets its own tool message', async () => {
    const { llm, registry, runner } = setUp([
      callTools('', [
        { id: 'a', name: 'echo', arguments: '{"text":"1"}' },
        { id: 'b', name: 'echo', arguments: '{"text":"2"}' },
      ]),
      answer('done'),
    ]);
    await runner.run(actor, agentWith(), 'go');
    expect(registry.invocations.map((i) => i.input)).toEqual([{ text: '1' }, { text: '2' }]);
    expect(llm.requests[1].messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId)).toEqual(['a', 'b']);
  });

  it.each([
    ['broken JSON', '{"text": "hi"'],
    ['a JSON array', '["hi"]'],
  ])('rule 7: when the arguments are %s, Then a warning is logged, the tool is not run and the model is told, and the run goes on', async (_case, raw) => {
    const { llm, registry, logger, runner } = setUp([callTools('', [{ id: 'call_1', name: 'echo', arguments: raw }]), answer('Sorry.')]);
    const result = await runner.run(actor, agentWith(), 'Echo');

    expect(logger.warnings()).toEqual([
      expect.objectContaining({ message: 'tool call arguments are not a valid JSON object', fields: expect.objectContaining({ tool: 'echo' }) }),
    ]);
    expect(registry.invocations).toEqual([]);
    const toolMessage = llm.requests[1].messages.at(-1);
    expect(toolMessage).toEqual({
      role: 'tool',
      toolCallId: 'call_1',
      name: 'echo',
      content: '{"success":false,"error":{"code":"invalid_input","message":"The arguments are not a valid JSON object"}}',
    });
    expect(result.steps[1]).toEqual({
      iteration: 1,
      type: 'tool',
      tool: 'echo',
      arguments: raw,
      error: { code: 'invalid_input', message: 'The arguments are not a valid JSON object' },
    });
    expect(result).toMatchObject({ success: true, output: 'Sorry.', toolCalls: [{ id: 'call_1', name: 'echo', arguments: raw, success: false }] });
  });

  it('When the arguments are an empty string, Then the tool runs with an empty object', async () => {
    const { registry, runner } = setUp([callTools('', [{ id: 'c', name: 'echo', arguments: '' }]), answer('ok')]);
    await runner.run(actor, agentWith(), 'go');
    expect(registry.invocations.map((i) => i.input)).toEqual([{}]);
  });

  it('rule 2: a tool throwing does not crash the run: the model gets a generic error message (no internals) and the run continues', async () => {
    const { llm, logger, runner } = setUp([callTools('', [{ id: 'c1', name: 'exploding', arguments: '{}' }]), answer('It broke.')], {});
    const result = await runner.run(actor, agentWith({ includeTools: ['exploding'] }), 'Try it');

    expect(llm.requests[1].messages.at(-1)?.content).toBe('{"success":false,"error":{"code":"runtime_error","message":"The tool failed unexpectedly"}}');
    expect(logger.warnings().map((l) => l.message)).toEqual(['tool call threw; the run goes on']);
    expect(result).toMatchObject({ success: true, output: 'It broke.', toolCalls: [{ id: 'c1', name: 'exploding', success: false }] });
  });

  it('When a tool fails with an outcome, Then its error code and message go back to the model and the run continues', async () => {
    const { llm, runner } = setUp([callTools('', [{ id: 'c1', name: 'failing', arguments: '{}' }]), answer('Timed out.')]);
    const result = await runner.run(actor, agentWith({ includeTools: ['failing'] }), 'Try it');
    expect(llm.requests[1].messages.at(-1)?.content).toBe('{"success":false,"error":{"code":"timeout","message":"The tool ran out of time"}}');
    expect(result.steps[1].error).toEqual({ code: 'timeout', message: 'The tool ran out of time' });
    expect(result.success).toBe(true);
  });

  it('When the model calls a tool it was not offered, Then it gets a not_found tool message and nothing runs', async () => {
    const { llm, registry, runner } = setUp([callTools('', [{ id: 'c1', name: 'big', arguments: '{}' }]), answer('Never mind.')]);
    const result = await runner.run(actor, agentWith({ includeTools: ['echo'] }), 'Use big');
    expect(registry.invocations).toEqual([]);
    expect(llm.requests[1].messages.at(-1)?.content).toBe(
      '{"success":false,"error":{"code":"not_found","message":"Tool \\"big\\" is not available to this agent"}}',
    );
    expect(result).toMatchObject({ success: true, output: 'Never mind.' });
  });

  it('When a listed tool is gone or a disabled plugin, Then it is left out with a warning and the run goes on', async () => {
    const { llm, logger, runner } = setUp([answer('fine')]);
    const result = await runner.run(actor, agentWith({ includeTools: ['echo', 'vanished', 'disabled_plugin', 'echo'] }), 'hi');
    expect(llm.requests[0].tools?.map((t) => t.name)).toEqual(['echo']);
    expect(logger.warnings().map((l) => l.fields.tool)).toEqual(['vanished', 'disabled_plugin']);
    expect(result.success).toBe(true);
  });

  it('When a tool result is longer than the cap, Then the tool message is cut to the cap and says so', async () => {
    const { llm, runner } = setUp([callTools('', [{ id: 'c1', name: 'big', arguments: '{}' }]), answer('long')], { settings: { maxToolResultChars: 100 } });
    const result = await runner.run(actor, agentWith({ includeTools: ['big'] }), 'big');
    const content = llm.requests[1].messages.at(-1)?.content ?? '';
    expect(content).toHaveLength(100);
    expect(content.startsWith('{"success":true,"result":"xxx')).toBe(true);
    expect(content.endsWith('…[truncated]')).toBe(true);
    expect(result.steps[1].result).toHaveLength(100);
  });
});

describe('AgentRunner: limits', () => {
  it('rule 6: when the model still wants tools at the iteration limit, Then the run fails (success false) with agent.iteration_limit and its last content', async () => {
    const turns = [1, 2, 3].map((n) => callTools(`step ${n}`, [{ id: `c${n}`, name: 'echo', arguments: '{}' }]));
    const { llm, runner } = setUp(turns);
    const result = await runner.run(actor, agentWith({ iterationLimit: 2 }), 'loop');

    expect(llm.requests).toHaveLength(2);
    expect(result.success).toBe(false);
    expect(result.error).toEqual({ code: 'agent.iteration_limit', message: expect.stringContaining('2 iterations') });
    expect(result).toMatchObject({ output: 'step 2', iterations: 2, llmCalls: 2 });
    expect(result.toolCalls.map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('rule 4: the LLM call counter resets at the start of each run: each gets a fresh budget of iterationLimit × llmCallsPerIteration', async () => {
    const { llm, runner } = setUp([answer('one'), { ...answer('two'), attempts: 2 }]);
    const agent = agentWith({ iterationLimit: 4 });
    const first = await runner.run(actor, agent, 'a');
    const second = await runner.run(actor, agent, 'b');

    const [budgetA, budgetB] = llm.requests.map((r) => r.budget);
    expect(budgetA).not.toBe(budgetB);
    expect(budgetA?.limit).toBe(12);
    expect(budgetB?.limit).toBe(12);
    expect(first.llmCalls).toBe(1);
    expect(second.llmCalls).toBe(2);
    expect(budgetB?.calls).toBe(2);
  });

  it('rule 3: a retry counts toward the LLM call budget: retries that spend it end the run with budget_exceeded', async () => {
    const { runner } = setUp([callTools('thinking', [{ id: 'c1', name: 'echo', arguments: '{}' }]), { ...answer('late'), attempts: 5 }], {
      settings: { llmCallsPerIteration: 2 },
    });
    const result = await runner.run(actor, agentWith({ iterationLimit: 2 }), 'go');
    expect(result.success).toBe(false);
    expect(result.error).toEqual({ code: 'budget_exceeded', message: new LlmBudgetExceededError(4).message });
    expect(result).toMatchObject({ output: 'thinking', iterations: 1, llmCalls: 4 });
  });

  it('When a caller passes its budget, Then the run and its tools spend it through the run’s own budget and llmCalls counts only this run', async () => {
    const { llm, registry, runner } = setUp([callTools('', [{ id: 'c1', name: 'echo', arguments: '{}' }]), answer('done')]);
    const shared = new LlmCallBudget(5);
    shared.consume();
    shared.consume();
    const result = await runner.run(actor, agentWith({ iterationLimit: 10 }), 'go', { budget: shared });

    const own = llm.requests[0].budget;
    expect(own).not.toBe(shared);
    expect(own?.limit).toBe(30);
    expect(llm.requests[1].budget).toBe(own);
    expect(registry.invocations[0].context.budget).toBe(own);
    expect(result.llmCalls).toBe(2);
    expect(shared.calls).toBe(4);
  });

  it('When a shared budget is already spent, Then the run ends with budget_exceeded without a model answer', async () => {
    const { runner } = setUp([answer('never')]);
    const shared = new LlmCallBudget(1);
    shared.consume();
    const result = await runner.run(actor, agentWith(), 'go', { budget: shared });
    expect(result).toMatchObject({ success: false, error: { code: 'budget_exceeded' }, iterations: 0, llmCalls: 0, output: '' });
  });

  it('When the provider fails otherwise, Then the error propagates', async () => {
    const { runner } = setUp([{ error: new LlmUpstreamError('scripted: the model provider answered HTTP 500', true, 500) }]);
    await expect(runner.run(actor, agentWith(), 'go')).rejects.toBeInstanceOf(LlmUpstreamError);
  });

  it('When the signal is aborted before the run, Then it ends cancelled without calling the model', async () => {
    const { llm, runner } = setUp([answer('never')]);
    const controller = new AbortController();
    controller.abort();
    const result = await runner.run(actor, agentWith(), 'go', { signal: controller.signal });
    expect(llm.requests).toEqual([]);
    expect(result).toMatchObject({ success: false, error: { code: 'agent.cancelled' } });
  });

  it('When the signal is aborted during a tool call, Then the remaining calls are skipped and the run ends cancelled', async () => {
    const controller = new AbortController();
    const behaviours: Record<string, ToolBehaviour> = {
      echo: async (input) => {
        controller.abort();
        return ok('echo', input);
      },
    };
    const turns = [
      callTools('working', [
        { id: 'a', name: 'echo', arguments: '{}' },
        { id: 'b', name: 'echo', arguments: '{}' },
      ]),
      answer('never'),
    ];
    const { llm, registry, runner } = setUp(turns, { behaviours });
    const result = await runner.run(actor, agentWith(), 'go', { signal: controller.signal });
    expect(registry.invocations).toHaveLength(1);
    expect(registry.invocations[0].context.signal).toBe(controller.signal);
    expect(llm.requests).toHaveLength(1);
    expect(result).toMatchObject({ success: false, output: 'working', error: { code: 'agent.cancelled' } });
  });
});

describe('AgentRunner: which model', () => {
  it('When a run starts, Then the registry is asked once with the agent’s owner and model configuration', async () => {
    const { models, runner } = setUp([callTools('', [{ id: 'a', name: 'echo', arguments: '{}' }]), answer('ok')]);
    const modelConfig = { provider: 'openai', modelName: 'gpt-4o', temperature: 1, modelConfigId: '44444444-4444-4444-8444-444444444444' };
    const agent = agentWith({ modelConfig });
    await runner.run(actor, agent, 'hi');
    expect(models.refs).toEqual([{ ownerId: agent.ownerId, provider: 'openai', modelName: 'gpt-4o', modelConfigId: modelConfig.modelConfigId }]);
  });

  it('When the registry resolves a provider and a model, Then every call goes to that provider with that model and the agent’s temperature', async () => {
    const chosen = new QueuedLlmProvider([answer('ok')], 'chosen');
    const registry = { resolve: async () => ({ provider: chosen, model: 'picked-model' }) };
    const { runner } = setUp([], { registry });
    await runner.run(actor, agentWith({ modelConfig: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.2 } }), 'hi');
    expect(chosen.requests).toHaveLength(1);
    expect(chosen.requests[0]).toMatchObject({ model: 'picked-model', temperature: 0.2 });
  });

  it('When the model is called, Then the request carries the run’s trace: agent, caller, execution and session', async () => {
    const { llm, runner } = setUp([answer('ok')]);
    const agent = agentWith();
    await runner.run(actor, agent, 'hi', { executionId: 'exec-9', sessionId: 'session-9' });
    expect(llm.requests[0].trace).toEqual({ agentId: agent.id, ownerId: actor.userId, executionId: 'exec-9', sessionId: 'session-9' });
  });
});

describe('AgentRunner: run events', () => {
  const collector = () => {
    const events: RunEventData[] = [];
    return { events, sink: async (event: RunEventData) => void events.push(event) };
  };

  it('When the model streams an answer after a tool call, Then tokens, the call and its result (same id), then done with the usage are emitted in order', async () => {
    const { runner } = setUp([callTools('Let me echo.', [{ id: 'call_7', name: 'echo', arguments: '{"text":"hi"}' }]), answer('It said hi.')]);
    const { events, sink } = collector();
    const result = await runner.run(actor, agentWith(), 'Echo hi', { events: sink });

    expect(events).toEqual([
      { type: 'token', content: 'Let ' },
      { type: 'token', content: 'me ' },
      { type: 'token', content: 'echo.' },
      { type: 'tool_call', id: 'call_7', name: 'echo', arguments: { text: 'hi' } },
      { type: 'tool_result', id: 'call_7', name: 'echo', result: { echoed: { text: 'hi' } } },
      { type: 'token', content: 'It ' },
      { type: 'token', content: 'said ' },
      { type: 'token', content: 'hi.' },
      { type: 'done', tokenUsage: { promptTokens: 30, completionTokens: 8, totalTokens: 38 } },
    ]);
    expect(result.output).toBe('It said hi.');
  });

  it('When a tool fails or its arguments do not parse, Then its tool_result carries the error under the call id', async () => {
    const { runner } = setUp([
      callTools('', [
        { id: 'a', name: 'failing', arguments: '{}' },
        { id: 'b', name: 'failing', arguments: '{"broken' },
      ]),
      answer('ok'),
    ]);
    const { events, sink } = collector();
    await runner.run(actor, agentWith({ includeTools: ['failing'] }), 'go', { events: sink });
    expect(events.filter((e) => e.type === 'tool_call' || e.type === 'tool_result')).toEqual([
      { type: 'tool_call', id: 'a', name: 'failing', arguments: {} },
      { type: 'tool_result', id: 'a', name: 'failing', error: { code: 'timeout', message: 'The tool ran out of time' } },
      { type: 'tool_call', id: 'b', name: 'failing', arguments: '{"broken' },
      { type: 'tool_result', id: 'b', name: 'failing', error: { code: 'invalid_input', message: 'The arguments are not a valid JSON object' } },
    ]);
  });

  it('When the run hits its iteration limit, Then the last event is an error with that code, and no done', async () => {
    const { runner } = setUp([callTools('again', [{ id: 'c1', name: 'echo', arguments: '{}' }])]);
    const { events, sink } = collector();
    await runner.run(actor, agentWith({ iterationLimit: 1 }), 'loop', { events: sink });
    expect(events.at(-1)).toEqual({ type: 'error', code: 'agent.iteration_limit', message: expect.stringContaining('1 iterations') });
    expect(events.filter((e) => e.type === 'done' || e.type === 'error')).toHaveLength(1);
  });

  it('When the provider fails, Then one error event names no provider detail and the error still propagates', async () => {
    const { runner } = setUp([{ error: new LlmUpstreamError('scripted: the model provider answered HTTP 500', true, 500) }]);
    const { events, sink } = collector();
    await expect(runner.run(actor, agentWith(), 'go', { events: sink })).rejects.toBeInstanceOf(LlmUpstreamError);
    expect(events).toEqual([{ type: 'error', code: 'llm.upstream_error', message: 'The model provider failed to answer' }]);
  });
});
