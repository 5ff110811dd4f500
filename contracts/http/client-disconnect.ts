import { ServerResponse } from 'node:http';

/** A signal that aborts when the client goes away before the response is complete. */
export function abortedWhenClientLeaves(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
