import { Actor } from '../../../core/domain/auth/actor';
import { CapabilityRouter } from '../../../plugins/kernel/capabilities/capability-router';
import { CapabilityScope } from '../../../plugins/kernel/capabilities/capability-scope';
import { LlmCapability } from '../../../plugins/kernel/capabilities/llm-capability';
import { okResponse, ScriptedLlmProvider } from '../../fixtures/llm/scripted-llm-provider';

const alice: Actor = { userId: 'alice', role: 'user' };

function scope(): CapabilityScope {
  return {
    pluginId: 'llm_probe',
    publisher: 'builtin',
    grants: { llm: {} },
    actor: alice,
    signal: new AbortController().signal,
    deadline: Number.MAX_SAFE_INTEGER,
    counts: new Map(),
    used: new Set(),
  };
}

describe('LlmCapability behind the capability router', () => {
  const messages = [{ role: 'user', content: 'Classify this.' }];

  it('When a tool names the kind of prompt in task, Then the provider gets it beside the messages, not inside them', async () => {
    const provider = new ScriptedLlmProvider([{ response: okResponse }]);
    const router = new CapabilityRouter();
    router.register('llm', new LlmCapability(provider));
    const answer = await router.handle(scope(), 'llm', 'chat', JSON.stringify({ messages, task: 'classify_text' }));
    expect(answer[0]).toBe('1');
    expect(provider.requests[0]).toMatchObject({ task: 'classify_text', messages });
  });

  it.each([[''], ['two words'], [42], ['x'.repeat(65)]])('When task is %p, Then the call is refused with invalid_argument', async (task) => {
    const provider = new ScriptedLlmProvider([{ response: okResponse }]);
    const router = new CapabilityRouter();
    router.register('llm', new LlmCapability(provider));
    const answer = await router.handle(scope(), 'llm', 'chat', JSON.stringify({ messages, task }));
    expect(answer[0]).toBe('0');
    expect(JSON.parse(answer.slice(1))).toMatchObject({ code: 'invalid_argument' });
    expect(provider.requests).toHaveLength(0);
  });
});
