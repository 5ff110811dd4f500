import { performance } from 'node:perf_hooks';

export interface StreamTiming {
  /** From sending the request to the first token. */
  firstTokenMs: number;
  tokens: number;
  /** From the first token to the end of the stream. */
  streamMs: number;
}

/**
 * Sends one request and reads its SSE answer, timing the first token (a block `isToken` accepts)
 * and counting them to the end.
 */
export async function timeStream(url: string, init: RequestInit, isToken: (block: string) => boolean): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first = 0;
  let tokens = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!isToken(block)) continue;
      if (tokens === 0) first = performance.now();
      tokens += 1;
    }
  }
  return { firstTokenMs: first - started, tokens, streamMs: performance.now() - first };
}
