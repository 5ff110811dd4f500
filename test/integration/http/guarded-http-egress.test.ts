import { AddressInfo, createServer, Server } from 'node:net';
import { GuardedHttpEgress } from '../../../adapters/http/guarded-http-egress';
import { LogFields } from '../../../core/ports/logger.port';
import { startLoopbackServer, LoopbackServer } from '../../fixtures/http/loopback-server';

const text = (body: Uint8Array) => Buffer.from(body).toString('utf8');

describe('GuardedHttpEgress', () => {
  let target: LoopbackServer;
  let other: LoopbackServer;

  beforeAll(async () => {
    other = await startLoopbackServer((_req, res) => res.end('secret from a non-allowed port'));
    target = await startLoopbackServer((req, res, body) => {
      if (req.url === '/to-other') {
        res.writeHead(302, { location: `${other.url}/` }).end();
      } else if (req.url === '/to-localhost') {
        res.writeHead(301, { location: `http://localhost:${other.port}/` }).end();
      } else if (req.url === '/to-metadata') {
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (req.url?.startsWith('/loop')) {
        const n = Number(req.url.slice('/loop'.length) || '0');
        res.writeHead(302, { location: `/loop${n + 1}` }).end();
      } else if (req.url === '/to-self-ok') {
        res.writeHead(303, { location: '/echo' }).end();
      } else if (req.url === '/big') {
        res.end('x'.repeat(5000));
      } else if (req.url === '/big-chunked') {
        res.write('x'.repeat(3000));
        res.end('x'.repeat(3000));
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2000).unref();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain', 'x-test': 'yes' }).end(`${req.method} ${body}`);
      }
    });
  });

  afterAll(async () => {
    await target.close();
    await other.close();
  });

  const guard = () => new GuardedHttpEgress({ allowHosts: [`127.0.0.1:${target.port}`] });
  const refused = { code: 'egress.forbidden_target' };

  describe('When the destination is not public unicast, Then it is refused before any connection', () => {
    const egress = new GuardedHttpEgress();
    it.each([
      'http://127.0.0.1/',
      'http://localhost/',
      'http://api.localhost/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[::7f00:1]/',
      'http://[::a9fe:a9fe]/',
      'http://[4000::1]/',
    ])('%s', async (url) => {
      await expect(egress.request({ url })).rejects.toMatchObject(refused);
    });
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1:70/', 'data:text/plain,hi', 'javascript:alert(1)', 'not a url'])(
    'When the scheme is %s, Then it is refused',
    async (url) => {
      await expect(new GuardedHttpEgress().request({ url })).rejects.toMatchObject(refused);
    },
  );

  it('When the operator allow-lists host:port, Then that loopback server is reachable', async () => {
    const response = await guard().request({ url: `${target.url}/echo`, method: 'POST', body: 'hello' });
    expect(response.status).toBe(200);
    expect(text(response.body)).toBe('POST hello');
    expect(response.headers['x-test']).toBe('yes');
  });

  it('When an allow-listed server redirects to another loopback port, Then the second hop is refused', async () => {
    await expect(guard().request({ url: `${target.url}/to-other` })).rejects.toMatchObject(refused);
    expect(other.requests).toHaveLength(0);
  });

  it('When a redirect points to localhost or the metadata address, Then it is refused', async () => {
    await expect(guard().request({ url: `${target.url}/to-localhost` })).rejects.toMatchObject(refused);
    await expect(guard().request({ url: `${target.url}/to-metadata` })).rejects.toMatchObject(refused);
    expect(other.requests).toHaveLength(0);
  });

  it('When redirects stay on an allowed target, Then they are followed (303 turns POST into GET)', async () => {
    const response = await guard().request({ url: `${target.url}/to-self-ok`, method: 'POST', body: 'x' });
    expect(text(response.body)).toBe('GET ');
    expect(response.url).toBe(`${target.url}/echo`);
  });

  it('When there are more than 3 redirects, Then the request fails', async () => {
    await expect(guard().request({ url: `${target.url}/loop0` })).rejects.toMatchObject({ code: 'egress.upstream_error' });
  });

  it('When redirect is manual, Then the 3xx is returned as is', async () => {
    const response = await guard().request({ url: `${target.url}/to-other`, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`${other.url}/`);
  });

  it('When a chunked body without content-length grows over maxBytes, Then it fails with too_large', async () => {
    await expect(guard().request({ url: `${target.url}/big-chunked`, maxBytes: 1000 })).rejects.toMatchObject({ code: 'egress.too_large' });
  });

  it('When the body is over maxBytes, Then it fails with too_large', async () => {
    await expect(guard().request({ url: `${target.url}/big`, maxBytes: 1000 })).rejects.toMatchObject({ code: 'egress.too_large' });
  });

  it('When the server is slower than timeoutMs, Then it fails with timeout', async () => {
    await expect(guard().request({ url: `${target.url}/slow`, timeoutMs: 200 })).rejects.toMatchObject({ code: 'egress.timeout' });
  });

  it('When the allow-list names a CIDR, Then addresses inside it are allowed on any port', async () => {
    const egress = new GuardedHttpEgress({ allowHosts: ['127.0.0.0/8'] });
    const response = await egress.request({ url: `${other.url}/` });
    expect(text(response.body)).toBe('secret from a non-allowed port');
  });

  it('When a host name resolves to loopback (DNS rebinding), Then it is refused with one resolution shared by check and connect', async () => {
    const resolver = jest.fn(async () => [{ address: '127.0.0.1', family: 4 }]);
    const egress = new GuardedHttpEgress({ resolver });
    const before = other.requests.length;
    await expect(egress.request({ url: `http://rebind.example:${other.port}/` })).rejects.toMatchObject(refused);
    expect(resolver).toHaveBeenCalledTimes(1);
    expect(other.requests).toHaveLength(before);
  });

  it('When a name resolves to both a public and a private address, Then it is refused', async () => {
    const resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    await expect(new GuardedHttpEgress({ resolver }).request({ url: 'http://mixed.example/' })).rejects.toMatchObject(refused);
  });

  it('When a name resolves to an allowed address, Then the socket connects to exactly that address', async () => {
    const resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const egress = new GuardedHttpEgress({ resolver, allowHosts: [`127.0.0.1:${target.port}`] });
    const response = await egress.request({ url: `http://tool.example:${target.port}/echo` });
    expect(text(response.body)).toBe('GET ');
    expect(target.requests.at(-1)?.headers.host).toBe(`tool.example:${target.port}`);
  });

  describe('What a caller is told about a refused or unreachable destination', () => {
    let closedPort: number;
    let rawServer: Server;
    const lines: Array<{ fields: LogFields; message: string }> = [];
    const logger = {
      debug: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      info: (fields: LogFields, message: string) => void lines.push({ fields, message }),
    };
    const DNS: Record<string, string> = { 'db.corp.internal': '10.20.30.40' };
    const resolver = async (hostname: string) => {
      if (!DNS[hostname]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return [{ address: DNS[hostname], family: 4 }];
    };
    const egress = () => new GuardedHttpEgress({ allowHosts: ['127.0.0.1'], resolver, logger });
    const messageOf = async (url: string) => {
      try {
        await egress().request({ url, timeoutMs: 2000 });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${url} was reached`);
    };

    beforeAll(async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      closedPort = (probe.address() as AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
      // An open port that does not speak HTTP.
      rawServer = createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n')).unref();
      await new Promise<void>((resolve) => rawServer.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => rawServer.close());
    beforeEach(() => {
      lines.length = 0;
    });

    it('When an allowed address has a closed port, an open non-HTTP port, or a name does not resolve, Then all read the same, naming no host, port or cause', async () => {
      const openPort = (rawServer.address() as AddressInfo).port;
      const closed = await messageOf(`http://127.0.0.1:${closedPort}/`);
      const open = await messageOf(`http://127.0.0.1:${openPort}/`);
      const missing = await messageOf('http://nothing.corp.internal/');
      expect(new Set([closed, open, missing]).size).toBe(1);
      for (const text of [String(closedPort), String(openPort), '127.0.0.1', 'nothing.corp.internal', 'ECONN', 'ENOTFOUND', 'HPE_'])
        expect(closed).not.toContain(text);
    });

    it('When an internal name is refused, Then the message names neither it nor its address, and the server log has both', async () => {
      const text = await messageOf('http://db.corp.internal:5432/');
      expect(text).toBe(await messageOf('http://10.20.30.40:5432/'));
      expect(text).not.toMatch(/db\.corp|10\.20|5432/);
      expect(lines.map((l) => l.fields.detail)).toContain('db.corp.internal resolves to 10.20.30.40');
    });
  });
});
