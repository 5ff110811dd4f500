import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';

/** Reference 1: the cheapest possible JSON answer from node:http. */
const body = JSON.stringify({ status: 'ok' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
