export interface SseFrameSeen {
  id?: string;
  event?: string;
  data: string;
}

/** A Server-Sent Events response read as it arrives: frames, comments, and the JSON body of a refusal. */
export interface SseResponse {
  status: number;
  headers: Headers;
  /** Every frame received so far, in order. */
  frames: SseFrameSeen[];
  /** Comment lines (`: ping`) received so far. */
  comments: string[];
  /** The body when the answer was not a stream (an error). */
  text?: string;
  /** Resolves once a frame or comment matching `until` has arrived, or the stream ended. */
  waitFor(until: (frames: SseFrameSeen[], comments: string[]) => boolean): Promise<void>;
  /** Reads to the end of the stream and answers every frame. */
  finished(): Promise<SseFrameSeen[]>;
  /** Drops the connection, as a client going away. */
  abort(): void;
}

export interface SseRequest {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Opens `url` and reads it as SSE in the background. */
export async function openSse(url: string, request: SseRequest = {}): Promise<SseResponse> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: request.method ?? 'POST',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: controller.signal,
  });
  const frames: SseFrameSeen[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  const isStream = response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const text = isStream ? undefined : await response.text();
  const reading = isStream ? read(response, frames, comments, notify).finally(notify) : Promise.resolve();
  let ended = !isStream;
  void reading.then(() => (ended = true)).catch(() => (ended = true));
  return {
    status: response.status,
    headers: response.headers,
    frames,
    comments,
    text,
    waitFor: (until) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (ended || until(frames, comments)) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
      }),
    finished: async () => {
      await reading.catch(() => undefined);
      return frames;
    },
    abort: () => controller.abort(),
  };
}

async function read(response: Response, frames: SseFrameSeen[], comments: string[], notify: () => void): Promise<void> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const frame: SseFrameSeen = { data: '' };
      const data: string[] = [];
      let isFrame = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          comments.push(line.slice(1).trim());
          continue;
        }
        isFrame = true;
        if (line.startsWith('id: ')) frame.id = line.slice(4);
        else if (line.startsWith('event: ')) frame.event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (isFrame) frames.push({ ...frame, data: data.join('\n') });
      notify();
    }
  }
}

/** The JSON of a frame's data. */
export function dataOf<T = Record<string, unknown>>(frame: SseFrameSeen): T {
  return JSON.parse(frame.data) as T;
}
