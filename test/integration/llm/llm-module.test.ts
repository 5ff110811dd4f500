import { Container } from 'inversify';
import { llmModule } from '../../../adapters/llm/llm.module';
import { LlmCallBudget } from '../../../core/domain/llm/llm-call-budget';
import { LlmBudgetExceededError } from '../../../core/domain/llm/llm.errors';
import { LLM_PROVIDER, LlmProvider } from '../../../core/ports/llm-provider.port';
import { AppConfig } from '../../../adapters/config/app-config';
import { FakeAnthropicServer } from '../../fixtures/fake-anthropic-server';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { appConfigWith } from '../../fixtures/llm/app-config.mother';
import { collectEvents } from '../../fixtures/llm/collect-events';

const openai = new FakeOpenAiServer();
const anthropic = new FakeAnthropicServer();
const hello = { messages: [{ role: 'user' as const, content: 'hello' }] };
const pauses: number[] = [];

function providerFor(config: AppConfig) {
  const container = new Container();
  container.loadSync(llmModule(config, { sleep: async (ms) => void pauses.push(ms) }));
  return container.get<LlmProvider>(LLM_PROVIDER);
}

beforeAll(() => Promise.all([openai.start(), anthropic.start()]));
afterAll(() => Promise.all([openai.stop(), anthropic.stop()]));
beforeEach(() => {
  openai.reset();
  anthropic.reset();
  pauses.length = 0;
});

describe('llmModule with real SDKs against fake vendors', () => {
  const openaiConfig = () => appConfigWith({ provider: 'openai', openai: { apiKey: 'sk-test', baseUrl: openai.baseUrl }, maxRetries: 3 });

  it('retries a 429 and a 500 upstream, counting every attempt against the budget', async () => {
    openai.enqueue({ status: 429, headers: { 'retry-after': '1' } }, { status: 500 });
    const budget = new LlmCallBudget(10);
    const response = await providerFor(openaiConfig()).chat({ ...hello, budget });
    expect(response.content).toBe('Echo: hello');
    expect(openai.requestsTo('/v1/chat/completions')).toHaveLength(3);
    expect(budget.calls).toBe(3);
    expect(pauses[0]).toBe(1000);
  });

  it('stops at the budget even when upstream keeps failing', async () => {
    openai.enqueue({ status: 503 }, { status: 503 }, { status: 503 });
    const budget = new LlmCallBudget(2);
    await expect(providerFor(openaiConfig()).chat({ ...hello, budget })).rejects.toBeInstanceOf(LlmBudgetExceededError);
    expect(openai.requests).toHaveLength(2);
  });

  it('does not retry a 400', async () => {
    openai.enqueue({ status: 400 });
    await expect(providerFor(openaiConfig()).chat(hello)).rejects.toMatchObject({ status: 400 });
    expect(openai.requests).toHaveLength(1);
  });

  it('retries a stream that failed before its first event, but not one that broke mid-answer', async () => {
    openai.enqueue({ status: 502 });
    const events = await collectEvents(providerFor(openaiConfig()).stream(hello));
    expect(events[events.length - 1]).toMatchObject({ type: 'done' });
    expect(openai.requests).toHaveLength(2);

    openai.reset();
    openai.enqueue({ reply: { content: 'one two three four' }, dropAfterEvents: 3 });
    await expect(collectEvents(providerFor(openaiConfig()).stream(hello))).rejects.toMatchObject({ code: 'llm.upstream_error' });
    expect(openai.requests).toHaveLength(1);
  });

  it('uses each provider default model when LLM_MODEL is unset', async () => {
    await providerFor(openaiConfig()).chat(hello);
    await providerFor(appConfigWith({ provider: 'local', localBaseUrl: openai.baseUrl })).chat(hello);
    await providerFor(appConfigWith({ provider: 'anthropic', anthropic: { apiKey: 'sk-ant', baseUrl: anthropic.origin } })).chat(hello);
    expect(openai.requests.map((r) => r.body.model)).toEqual(['gpt-4o-mini', 'llama3.1']);
    expect(anthropic.requests[0].body.model).toBe('claude-3-5-haiku-latest');
  });

  it('uses LLM_MODEL when set', async () => {
    await providerFor(appConfigWith({ provider: 'local', localBaseUrl: openai.baseUrl, model: 'qwen2.5' })).chat(hello);
    expect(openai.requests[0].body.model).toBe('qwen2.5');
  });
});
