import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { startChildServer, type ChildServer } from '../support/childServer';
import { insertSecurities } from '../support/marketData';
import { useTestDb } from '../support/testDb';

/** Opens a raw socket to the server; resolves when connected. */
function openSocket(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent once it closes the socket, or null if it is still open after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<string | null> {
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe('ops: HTTP server limits (a real server process, raw sockets)', function () {
  this.timeout(60_000);
  // Declared before the database's own after hook, so it stops what uses the database first.
  after(async () => {
    server?.process.kill('SIGTERM');
    await server?.exited;
  });
  const testDb = useTestDb();
  let server: ChildServer;

  before(async () => {
    await insertSecurities(testDb.db, [{ ts_code: '600519.SH', name: '贵州茅台' }]); // ready: a store with data
    server = await startChildServer({
      DATABASE_URL: testDb.url,
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_MAX_CONNECTIONS: '3',
    });
  });

  it('drops a client that sends its headers a byte at a time once the header timeout (1 s here) has passed', async () => {
    const socket = await openSocket(server.baseUrl);
    const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'x'.repeat(200);
    let sent = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed && sent < request.length) socket.write(request[sent++]!);
    }, 100);
    // Node's default would keep it for 60 s; with the limit it goes after 1 s plus one check interval (0.1 s).
    const answer = await closedWithin(socket, 10_000);
    clearInterval(drip);
    expect(answer, 'the socket is still open after 10 s').to.not.equal(null);
    expect(answer).to.match(/^HTTP\/1\.1 408 Request Timeout/);
    expect(sent).to.be.below(request.length);
  });

  it('a client that sends its request in time is answered on the same limits', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect([response.status, await response.json()]).to.deep.equal([200, { status: 'ok' }]);
  });

  it('closes connections beyond HTTP_MAX_CONNECTIONS (3 here) as they are accepted, and serves again once below', async () => {
    const held = await Promise.all([1, 2, 3].map(() => openSocket(server.baseUrl)));
    const extra = await openSocket(server.baseUrl);
    expect(await closedWithin(extra, 5000)).to.equal('');
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.baseUrl}/healthz`)).status).to.equal(200);
  });
});
