import { LocalLlmProvider } from '../../../adapters/llm/local/local-llm-provider';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { describeLlmProviderContract } from '../ports/llm-provider.contract';

const server = new FakeOpenAiServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

describeLlmProviderContract('LocalLlmProvider (real SDK, fake OpenAI-compatible server)', () => {
  server.reset();
  return new LocalLlmProvider({ baseUrl: server.baseUrl, timeoutMs: 5_000, model: 'llama3.1' });
});
