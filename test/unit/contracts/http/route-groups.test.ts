import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import express, { NextFunction, Request, Response, Router } from 'express';
import { registerRouteGroups, routeGroupOf } from '../../../../contracts/http/route-groups';

describe('routeGroupOf', () => {
  it('is the first three segments, lower-cased, without a trailing slash', () => {
    expect(routeGroupOf('/api/v1/agents/:agent_id/deploy')).toBe('api/v1/agents');
    expect(routeGroupOf('/API/V1/Agents/')).toBe('api/v1/agents');
    expect(routeGroupOf('/health')).toBe('health');
    expect(routeGroupOf('/health/')).toBe('health');
  });
});

describe('registerRouteGroups', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    registerRouteGroups(
      app,
      (router: Router) => {
        router.get('/api/v1/agents', (_req, res) => res.json({ route: 'list' }));
        router.get('/api/v1/agents/:agent_id', (req, res) => res.json({ route: 'one', id: req.params.agent_id }));
        router.post('/api/v1/agents/import', (_req, res) => res.json({ route: 'import' }));
        router.post('/api/v1/agents/:agent_id', (_req, res) => res.json({ route: 'post-one' }));
        router.get('/api/v1/auth/me', (_req, res) => res.json({ route: 'me' }));
        router.get('/api/v1/auth/fail', (_req, _res, next) => next(new Error('boom')));
        router.get('/health', (_req, res) => res.json({ route: 'health' }));
      },
      (router) => router.param('agent_id', (_req, _res, next, value: string) => (/^\d+$/.test(value) ? next() : next('route'))),
    );
    app.use((_req, res) => res.status(404).json({ route: 'none' }));
    app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => res.status(500).json({ error: error.message }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const call = async (path: string, method = 'GET') => {
    const res = await fetch(`${base}${path}`, { method });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers each route from its group, whatever the case or a trailing slash', async () => {
    expect(await call('/api/v1/agents')).toEqual({ status: 200, body: { route: 'list' } });
    expect(await call('/API/v1/Agents/')).toEqual({ status: 200, body: { route: 'list' } });
    expect(await call('/api/v1/agents/42')).toEqual({ status: 200, body: { route: 'one', id: '42' } });
    expect(await call('/api/v1/auth/me')).toEqual({ status: 200, body: { route: 'me' } });
    expect(await call('/health/')).toEqual({ status: 200, body: { route: 'health' } });
  });

  it('runs the path parameter handlers of the group, so a fixed path wins over a parameter registered before it', async () => {
    expect(await call('/api/v1/agents/import', 'POST')).toEqual({ status: 200, body: { route: 'import' } });
    expect(await call('/api/v1/agents/7', 'POST')).toEqual({ status: 200, body: { route: 'post-one' } });
    expect(await call('/api/v1/agents/abc')).toEqual({ status: 404, body: { route: 'none' } });
  });

  it('hands unknown paths and errors on to the app', async () => {
    expect(await call('/api/v1/nothing')).toEqual({ status: 404, body: { route: 'none' } });
    expect(await call('/api/v1')).toEqual({ status: 404, body: { route: 'none' } });
    expect(await call('/api/v1/auth/fail')).toEqual({ status: 500, body: { error: 'boom' } });
  });

  it('refuses a route with a pattern in its first three segments', () => {
    expect(() => registerRouteGroups(express(), (router) => router.get('/api/:version/agents', () => undefined))).toThrow(/pattern/);
  });
});
