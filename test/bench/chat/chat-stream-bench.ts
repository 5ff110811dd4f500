import { median, percentile } from '../kernel/stats';
import { startServer } from '../load';
import { StreamTiming, timeStream } from './stream-timing';

const STREAMS = Number(process.env.BENCH_CHAT_STREAMS ?? 300);
/** The fake model echoes the message: this many words make as many tokens. */
const WORDS = 200;

export interface StreamFigures {
  firstTokenP50Ms: number;
  firstTokenP99Ms: number;
  /** Token frames per second within one stream, median over the streams. */
  framesPerSecond: number;
  tokens: number;
}

export interface ChatBenchFigures {
  direct: StreamFigures;
  platform: StreamFigures;
  streams: number;
}

function summarise(timings: StreamTiming[]): StreamFigures {
  const firsts = timings.map((t) => t.firstTokenMs).sort((a, b) => a - b);
  return {
    firstTokenP50Ms: percentile(firsts, 0.5),
    firstTokenP99Ms: percentile(firsts, 0.99),
    framesPerSecond: Math.round(median(timings.map((t) => (t.tokens / Math.max(t.streamMs, 0.001)) * 1000))),
    tokens: timings[0]?.tokens ?? 0,
  };
}

async function repeat(count: number, once: () => Promise<StreamTiming>): Promise<StreamTiming[]> {
  for (let i = 0; i < Math.min(50, count); i += 1) await once();
  const timings: StreamTiming[] = [];
  for (let i = 0; i < count; i += 1) timings.push(await once());
  return timings;
}

/**
 * The fake model runs in a process of its own; the platform in another; this process reads both,
 * one stream at a time: first the model directly (the reference), then the platform's
 * `/agent-chat/{id}/stream` in front of it.
 */
export async function measureChatStreams(): Promise<ChatBenchFigures> {
  const model = await startServer('fake-llm.server.js');
  try {
    const llmUrl = `http://127.0.0.1:${model.port}/v1`;
    const platform = await startServer('platform-chat.server.js', { env: { BENCH_LLM_URL: llmUrl } });
    try {
      const message = Array.from({ length: WORDS - 1 }, (_, i) => `word${i}`).join(' ');
      const direct = await repeat(STREAMS, () =>
        timeStream(
          `${llmUrl}/chat/completions`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
            body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: message }] }),
          },
          (block) => block.includes('"content":"') && !block.includes('"content":""'),
        ),
      );
      const agentId = String(platform.details.agentId);
      const token = platform.token ?? '';
      const viaPlatform = await repeat(STREAMS, () =>
        timeStream(
          `http://127.0.0.1:${platform.port}/api/v1/agent-chat/${agentId}/stream`,
          { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ message }) },
          (block) => block.includes('event: token'),
        ),
      );
      return { direct: summarise(direct), platform: summarise(viaPlatform), streams: STREAMS };
    } finally {
      platform.stop();
    }
  } finally {
    model.stop();
  }
}
