import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { Request, Response } from 'express';
import pino from 'pino';
import { httpLogging, requestLog } from '../../../../contracts/http/http-logging';

type Line = Record<string, unknown>;

function rootLogger(level: string): { root: pino.Logger; lines: Line[] } {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  return { root: pino({ level }, sink), lines };
}

function exchange(statusCode: number): { req: Request; res: Response } {
  const req = { method: 'GET', originalUrl: '/api/v1/auth/me', headers: { authorization: 'Bearer secret' } } as unknown as Request;
  const res = Object.assign(new EventEmitter(), { statusCode, setHeader: () => undefined }) as unknown as Response;
  return { req, res };
}

async function served(level: string, statusCode: number) {
  const { root, lines } = rootLogger(level);
  const { req, res } = exchange(statusCode);
  let nextCalled = false;
  httpLogging(root, 'platform')(req, res, () => (nextCalled = true));
  res.emit('finish');
  await new Promise((resolve) => setImmediate(resolve));
  return { lines, req, nextCalled };
}

describe('httpLogging', () => {
  it('writes one access line per finished request, with its id, method, url, status and time but no headers', async () => {
    const { lines, req, nextCalled } = await served('info', 200);
    expect(nextCalled).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      contract: 'platform',
      req: { id: (req as Request & { id: string }).id, method: 'GET', url: '/api/v1/auth/me' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('logs 4xx at warn and 5xx at error', async () => {
    expect((await served('info', 404)).lines[0].level).toBe(40);
    expect((await served('info', 503)).lines[0].level).toBe(50);
  });

  it('gives the request a logger tagged with its id, made once', async () => {
    const { root, lines } = rootLogger('info');
    const { req, res } = exchange(500);
    httpLogging(root, 'platform')(req, res, () => undefined);
    expect(requestLog(req)).toBe(requestLog(req));
    requestLog(req)?.error({ code: 'boom' }, 'request failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ reqId: (req as Request & { id: string }).id, contract: 'platform', msg: 'request failed' });
  });

  it('keeps only the request id when logging is silent', async () => {
    const { lines, req, nextCalled } = await served('silent', 200);
    expect(nextCalled).toBe(true);
    expect(lines).toEqual([]);
    expect((req as Request & { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLog(req)).toBeUndefined();
  });
});

describe('httpLogging of a misplaced secret', () => {
  it('never writes a credential sent in the query string', async () => {
    const { root, lines } = rootLogger('info');
    const { req, res } = exchange(401);
    (req as unknown as { originalUrl: string }).originalUrl = '/api/v1/webhooks/w1?token=leaked-secret';
    httpLogging(root, 'platform')(req, res, () => undefined);
    res.emit('finish');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines)).not.toContain('leaked-secret');
    expect(lines[0]).toMatchObject({ req: { url: expect.stringContaining('/api/v1/webhooks/w1?token=') } });
  });
});
