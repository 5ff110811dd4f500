import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import express from 'express';
import { preparedJson, sendPreparedJson } from '../../../../contracts/http/prepared-json';

describe('sendPreparedJson', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    sendPreparedJson(app);
    app.get('/prepared', (_req, res) => res.status(200).json(preparedJson<{ a: number }>('{"a":1,"raw":{"kept":"as written"}}')));
    app.get('/typed', (_req, res) => res.type('application/vnd.example+json').json(preparedJson('{"b":2}')));
    app.get('/object', (_req, res) => res.json({ c: 3 }));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('When a route answers a prepared body, Then its text is sent unchanged as JSON', async () => {
    const res = await fetch(`${base}/prepared`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe('{"a":1,"raw":{"kept":"as written"}}');
  });

  it('When the route set its own content type, Then it is kept', async () => {
    const res = await fetch(`${base}/typed`);
    expect(res.headers.get('content-type')).toBe('application/vnd.example+json; charset=utf-8');
    expect(await res.text()).toBe('{"b":2}');
  });

  it('When a route answers an object, Then it is serialized as before', async () => {
    const res = await fetch(`${base}/object`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ c: 3 });
  });
});
