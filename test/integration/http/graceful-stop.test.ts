import express from 'express';
import { listen } from '../../../contracts/http/http-service';

describe('Graceful stop of an HTTP service', () => {
  it('When stop is called with a request in flight, Then the request completes and new connections are refused', async () => {
    const app = express();
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      app.get('/slow', (_req, res) => {
        resolveStarted();
        new Promise<void>((resolve) => (release = resolve)).then(() => res.json({ finished: true }));
      });
    });
    const service = await listen('test', app, { host: '127.0.0.1', port: 0 }, (status) => ({ status }));
    const url = `http://127.0.0.1:${service.port}`;

    const inFlight = fetch(`${url}/slow`);
    await started;
    const stopped = service.stop(5_000);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await stopped;
  });

  it('When request headers are too large, Then the answer is 431 in the contract’s JSON shape', async () => {
    const service = await listen('test', express(), { host: '127.0.0.1', port: 0 }, (status) => ({ error: 'header_too_large', status }));
    try {
      const response = await fetch(`http://127.0.0.1:${service.port}/`, { headers: { 'x-big': 'x'.repeat(20_000) } });
      expect(response.status).toBe(431);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({ error: 'header_too_large', status: 431 });
    } finally {
      await service.stop(0);
    }
  });
});
