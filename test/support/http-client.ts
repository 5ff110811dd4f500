export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON unless it is a string or `form` is set. */
  body?: unknown;
  form?: Record<string, string>;
  token?: string;
}

/** A small fetch wrapper for e2e tests: JSON in, parsed JSON (when any) out. */
export async function request<T = unknown>(method: string, url: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON; tests assert on `text`
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}
