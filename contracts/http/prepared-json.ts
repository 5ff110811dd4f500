import { Express, Response } from 'express';

/** A response body the route serialized itself; `sendPreparedJson` sends its text as it is. */
class PreparedJson {
  constructor(readonly text: string) {}
}

/**
 * `text` as the body of a route declared to answer `T`, so that tsoa still describes the body in
 * the OpenAPI document. `text` must be the JSON of a `T`. For the few hot responses that are
 * cheaper to write as text than as one object graph handed to `JSON.stringify` (docs/benchmarks.md).
 */
export function preparedJson<T>(text: string): T {
  return new PreparedJson(text) as unknown as T;
}

/** Makes the app's `res.json` send a prepared body's text unchanged, and everything else as before. */
export function sendPreparedJson(app: Express): void {
  const json = app.response.json;
  app.response.json = function sendJson(this: Response, body?: unknown) {
    if (!(body instanceof PreparedJson)) return json.call(this, body);
    if (!this.get('Content-Type')) this.set('Content-Type', 'application/json');
    return this.send(body.text);
  };
}
