import { OpenAiLlmProvider } from '../../../adapters/llm/openai/openai-llm-provider';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { describeLlmProviderContract } from '../ports/llm-provider.contract';

const server = new FakeOpenAiServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

describeLlmProviderContract('OpenAiLlmProvider (real SDK, fake server)', () => {
  server.reset();
  return new OpenAiLlmProvider({ apiKey: 'sk-test', baseUrl: server.baseUrl, timeoutMs: 5_000, model: 'gpt-4o-mini' });
});
