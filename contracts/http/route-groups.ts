import express, { Express, NextFunction, Request, Response, Router } from 'express';

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/**
 * The group of a path: its first three segments (`api/v1/agents`), lower-cased as Express matches
 * routes regardless of case, without a trailing slash as Express matches `/health/` to `/health`.
 */
export function routeGroupOf(path: string): string {
  const group = path.toLowerCase().split('/', 4).slice(1).join('/');
  return group.endsWith('/') ? group.slice(0, -1) : group;
}

/**
 * Registers a contract's routes (tsoa's `RegisterRoutes`) in one router per group of paths
 * (`/api/v1/agents`, `/api/v1/auth`…) and hands each request to its group's router alone. Express
 * tries an app's routes one by one, so a request for a route registered late matched the path
 * patterns of ninety routes before it; now it meets its group's dozen. Every route's group is
 * literal (a parameter in the first three segments fails at startup), so a path can only match
 * routes of its own group, and order within a group is kept: which route answers does not change.
 * `configure` runs on each group's router before its routes (path parameter handlers, which
 * Express keeps per router).
 */
export function registerRouteGroups(app: Express, register: (router: Router) => void, configure: (router: Router) => void = () => {}): void {
  const groups = new Map<string, Router>();
  const groupFor = (path: unknown): Router => {
    if (typeof path !== 'string') throw new Error('Route groups need string paths');
    const group = routeGroupOf(path);
    if (/[:*?+()[\]]/.test(group)) throw new Error(`Route ${path} has a pattern in its first three segments`);
    let router = groups.get(group);
    if (!router) {
      router = express.Router();
      configure(router);
      groups.set(group, router);
    }
    return router;
  };
  const registrar = new Proxy(app, {
    get(target, property, receiver) {
      if (typeof property === 'string' && ROUTE_METHODS.has(property)) {
        return (path: unknown, ...handlers: unknown[]) =>
          (groupFor(path) as unknown as Record<string, (...args: unknown[]) => unknown>)[property](path, ...handlers);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  register(registrar as unknown as Router);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const router = groups.get(routeGroupOf(req.path));
    if (router) router(req, res, next);
    else next();
  });
}
