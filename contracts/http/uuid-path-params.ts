import { NextFunction, Request, Response, Router } from 'express';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Path parameters that only ever hold a UUID. A route like `POST /agent-chat/{agent_id}` would
 * otherwise also match a fixed path registered after it (`POST /agent-chat/orchestrate`,
 * `/agent-chat/branches`): a value that is not a UUID skips the route instead (Express
 * `next('route')`), so fixed paths win whatever the order tsoa registers controllers in, and an
 * id that cannot exist ends in the 404 of no route.
 */
export function onlyUuidPathParams(router: Pick<Router, 'param'>, names: string[]): void {
  for (const name of names) {
    router.param(name, (_req: Request, _res: Response, next: NextFunction, value: string) => (UUID.test(value) ? next() : next('route')));
  }
}
