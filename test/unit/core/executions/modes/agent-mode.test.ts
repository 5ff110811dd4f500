import { LlmCallBudget } from '../../../../../core/domain/llm/llm-call-budget';
import { ChatResponse } from '../../../../../core/ports/llm-provider.port';
import { JsonValue } from '../../../../../core/shared/json';
import { RESUME_MESSAGE } from '../../../../../core/services/executions/modes/agent-conversation';
import { RunControl } from '../../../../../core/services/executions/run-control';
import { anAgent } from '../../../../fixtures/agents/agent.mother';
import { ModeHarness } from '../../../../fixtures/executions/mode-harness';
import { ScriptedLlmProvider, ScriptedOutcome } from '../../../../fixtures/llm/scripted-llm-provider';

const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };
const reply = (content: string, toolCalls: ChatResponse['toolCalls'] = []): ScriptedOutcome => ({
  response: { content, toolCalls, usage, model: 'scripted-1', finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop' },
});
const agent = () => anAgent({ includeTools: [], systemPrompt: 'You are terse.', iterationLimit: 5 });

describe('Mode agent', () => {
  it('When the loop answers, Then the outcome is its reply, its steps and its tokens', async () => {
    const llm = new ScriptedLlmProvider([reply('Paris.')]);
    const harness = new ModeHarness(llm);

    const outcome = await harness.run(agent(), {
      id: 'execution-1',
      mode: 'agent',
      input: { message: 'Capital of France?' },
      options: { sessionId: 'chat-9' },
    });

    expect(outcome).toEqual({
      success: true,
      output: { reply: 'Paris.' },
      steps: [{ iteration: 1, type: 'llm', content: 'Paris.' }],
      tokenUsage: usage,
      error: null,
    });
    expect(llm.requests[0].messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Capital of France?' },
    ]);
    // The LLM call log records which execution and session each call belongs to.
    expect(llm.requests[0].trace).toMatchObject({ executionId: 'execution-1', sessionId: 'chat-9' });
  });

  it('When a pause is asked during a model call, Then the loop stops before its next step and the progress is checkpointed', async () => {
    const control = new RunControl();
    const llm = new ScriptedLlmProvider([reply('Let me look.', [{ id: 'c1', name: 'lookup', arguments: '{}' }])]);
    const stream = llm.stream.bind(llm);
    llm.stream = (request) => {
      control.requestPause();
      return stream(request);
    };
    const harness = new ModeHarness(llm);

    const outcome = await harness.run(agent(), { mode: 'agent', input: 'Find it' }, { control, checkpoint: () => false });

    expect(outcome).toMatchObject({ success: false, error: { code: 'execution.cancelled' }, steps: [{ iteration: 1, type: 'llm', content: 'Let me look.' }] });
    expect(harness.checkpoints).toEqual([
      { output: { reply: 'Let me look.' }, steps: [{ iteration: 1, type: 'llm', content: 'Let me look.' }], tokenUsage: usage },
    ]);
    expect(llm.attempts).toBe(1);
  });

  it('When the pause is withdrawn before the loop stopped, Then the run goes on from its progress', async () => {
    const control = new RunControl();
    const llm = new ScriptedLlmProvider([reply('Checking.', [{ id: 'c1', name: 'lookup', arguments: '{}' }]), reply('Found it.')]);
    const stream = llm.stream.bind(llm);
    llm.stream = (request) => {
      if (llm.attempts === 0) control.requestPause();
      return stream(request);
    };
    const harness = new ModeHarness(llm);

    const outcome = await harness.run(
      agent(),
      { mode: 'agent', input: 'Find it' },
      {
        control,
        checkpoint: (_progress, c) => {
          c.withdrawPause();
          return true;
        },
      },
    );

    expect(outcome).toMatchObject({ success: true, output: { reply: 'Found it.' } });
    expect(outcome.steps).toEqual([
      { iteration: 1, type: 'llm', content: 'Checking.' },
      { iteration: 2, type: 'llm', content: 'Found it.' },
    ]);
    expect(llm.requests[1].messages.at(-1)).toEqual({ role: 'user', content: RESUME_MESSAGE });
  });

  it('When resumed from stored steps, Then the model reads the stored conversation and the iterations go on from there', async () => {
    const llm = new ScriptedLlmProvider([reply('It is 2.')]);
    const harness = new ModeHarness(llm);
    const stored: JsonValue[] = [
      { iteration: 1, type: 'llm', content: 'Let me compute.' },
      { iteration: 1, type: 'tool', tool: 'calculator', arguments: { expression: '1+1' }, result: { value: 2 } },
      { iteration: 2, type: 'llm', content: 'And check.' },
      { iteration: 2, type: 'tool', tool: 'checker', arguments: 'not json', error: { code: 'invalid_input', message: 'bad' } },
    ];

    const outcome = await harness.run(agent(), { mode: 'agent', input: 'What is 1+1?', steps: stored, tokenUsage: usage });

    expect(llm.requests[0].messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'What is 1+1?' },
      { role: 'assistant', content: 'Let me compute.', toolCalls: [{ id: 'resumed_1_1', name: 'calculator', arguments: '{"expression":"1+1"}' }] },
      { role: 'tool', content: '{"success":true,"result":{"value":2}}', toolCallId: 'resumed_1_1', name: 'calculator' },
      { role: 'assistant', content: 'And check.', toolCalls: [{ id: 'resumed_2_1', name: 'checker', arguments: 'not json' }] },
      { role: 'tool', content: '{"success":false,"error":{"code":"invalid_input","message":"bad"}}', toolCallId: 'resumed_2_1', name: 'checker' },
      { role: 'user', content: RESUME_MESSAGE },
    ]);
    expect(outcome).toEqual({
      success: true,
      output: { reply: 'It is 2.' },
      steps: [...stored, { iteration: 3, type: 'llm', content: 'It is 2.' }],
      tokenUsage: { promptTokens: 20, completionTokens: 10, totalTokens: 30 },
      error: null,
    });
  });

  it('When the stored steps used every iteration, Then the run fails on the iteration limit without a model call (rule 6)', async () => {
    const llm = new ScriptedLlmProvider([]);
    const harness = new ModeHarness(llm);
    const steps = [1, 2].map((iteration) => ({ iteration, type: 'llm', content: `step ${iteration}` }));
    const outcome = await harness.run(anAgent({ includeTools: [], iterationLimit: 2 }), { mode: 'agent', input: 'x', steps });
    expect(outcome).toMatchObject({ success: false, error: { code: 'agent.iteration_limit' } });
    expect(llm.attempts).toBe(0);
  });

  it('When the budget is spent, Then the loop ends with budget_exceeded (rule 3)', async () => {
    const llm = new ScriptedLlmProvider([reply('never')]);
    const stream = llm.stream.bind(llm);
    llm.stream = (request) => {
      request.budget?.consume();
      return stream(request);
    };
    const outcome = await new ModeHarness(llm).run(agent(), { mode: 'agent', input: 'x' }, { budget: new LlmCallBudget(0) });
    expect(outcome).toMatchObject({ success: false, error: { code: 'budget_exceeded' } });
  });
});
