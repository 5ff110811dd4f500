import { ServerResponse } from 'node:http';
import { GuardedHttpEgress } from '../../../adapters/http/guarded-http-egress';
import { startLoopbackServer, LoopbackServer } from '../../fixtures/http/loopback-server';

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks;
}

/** `GuardedHttpEgress.open`: the guard's rules for answers read as they arrive (a model's SSE reply). */
describe('GuardedHttpEgress.open (streaming)', () => {
  let server: LoopbackServer;
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    server = await startLoopbackServer((req, res) => {
      if (req.url === '/held') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        held.push(res);
      } else if (req.url === '/big') {
        res.write('x'.repeat(3000));
        res.end('x'.repeat(3000));
      } else if (req.url === '/silent') {
        // never answers
      } else if (req.url === '/to-metadata') {
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else {
        res.writeHead(201, { 'x-test': 'yes' }).end('whole');
      }
    });
  });
  afterAll(() => server.close());

  const guard = () => new GuardedHttpEgress({ allowHosts: [`127.0.0.1:${server.port}`] });

  it('When the server answers, Then status, lower-cased headers and the whole body come back', async () => {
    const answer = await guard().open({ url: `${server.url}/plain`, method: 'POST', body: '{}' });
    expect(answer).toMatchObject({ status: 201, url: `${server.url}/plain` });
    expect(answer.headers['x-test']).toBe('yes');
    expect(text(await readAll(answer.body))).toBe('whole');
  });

  it('When the body is still being written, Then the answer comes at the headers and the body streams in as it is written', async () => {
    const answer = await guard().open({ url: `${server.url}/held` });
    const reader = answer.body[Symbol.asyncIterator]();
    expect(text([(await reader.next()).value as Uint8Array])).toBe('data: first\n\n');
    held.shift()?.end('data: second\n\n');
    const rest: Uint8Array[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(next.value);
    expect(text(rest)).toBe('data: second\n\n');
  });

  it('When the body outlasts timeoutMs, Then it is still read: the time-out bounds the wait for the headers only', async () => {
    const answer = await guard().open({ url: `${server.url}/held`, timeoutMs: 100 });
    await sleep(300);
    held.shift()?.end('data: late\n\n');
    expect(text(await readAll(answer.body))).toBe('data: first\n\ndata: late\n\n');
  });

  it('When no headers come within timeoutMs, Then it fails with a time-out', async () => {
    await expect(guard().open({ url: `${server.url}/silent`, timeoutMs: 100 })).rejects.toMatchObject({ code: 'egress.timeout' });
  });

  it('When the body grows past maxBytes, Then reading it fails with too_large', async () => {
    const answer = await guard().open({ url: `${server.url}/big`, maxBytes: 4000 });
    await expect(readAll(answer.body)).rejects.toMatchObject({ code: 'egress.too_large' });
  });

  it('When the caller aborts while the body streams, Then reading ends with the abort', async () => {
    const controller = new AbortController();
    const answer = await guard().open({ url: `${server.url}/held`, signal: controller.signal });
    const reader = answer.body[Symbol.asyncIterator]();
    await reader.next();
    controller.abort();
    await expect(reader.next()).rejects.toMatchObject({ name: 'AbortError' });
    held.shift()?.destroy();
  });

  it.each(['http://127.0.0.1:9/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data/'])(
    'When the destination %s is not allowed, Then it is refused as forbidden_target',
    async (url) => {
      await expect(new GuardedHttpEgress().open({ url })).rejects.toMatchObject({ code: 'egress.forbidden_target' });
    },
  );

  it('When a redirect points at a metadata address, Then the hop is refused', async () => {
    await expect(guard().open({ url: `${server.url}/to-metadata` })).rejects.toMatchObject({ code: 'egress.forbidden_target' });
  });
});
