import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';

/** An OpenAI-compatible model on loopback that streams its whole answer at once (every chunk written in one go). */
async function main(): Promise<void> {
  const server = new FakeOpenAiServer();
  await server.start();
  // It records every request; a benchmark makes thousands.
  setInterval(() => server.reset(), 1_000).unref();
  process.send?.({ port: Number(new URL(server.origin).port) });
}

void main();
