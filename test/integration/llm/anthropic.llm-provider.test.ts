import { AnthropicLlmProvider } from '../../../adapters/llm/anthropic/anthropic-llm-provider';
import { FakeAnthropicServer } from '../../fixtures/fake-anthropic-server';
import { describeLlmProviderContract } from '../ports/llm-provider.contract';

const server = new FakeAnthropicServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

describeLlmProviderContract('AnthropicLlmProvider (real SDK, fake server)', () => {
  server.reset();
  return new AnthropicLlmProvider({ apiKey: 'sk-ant-test', baseUrl: server.origin, timeoutMs: 5_000, model: 'claude-3-5-haiku-latest' });
});
