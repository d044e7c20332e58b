import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy of the test's own between the app and a shared server (MariaDB, Redis), so a test can make the
 * server "go away" without touching it: `freeze` stops forwarding in both directions (a network partition or a
 * SIGSTOPped process: sockets stay open, nothing answers), `drop` resets every connection and refuses new ones,
 * `resume` restores service. Frozen bytes are buffered and delivered on resume, as a healed partition would.
 */
export class TcpProxy {
  private readonly pairs = new Set<[Socket, Socket]>();
  private frozen = false;
  private refusing = false;
  private readonly server = createServer((client) => this.accept(client));

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  private accept(client: Socket): void {
    if (this.refusing) return void client.resetAndDestroy();
    const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const forget = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [pair, [upstream, client] as const]) {
      from.on('data', (chunk: Buffer) => {
        if (!to.write(chunk)) from.pause();
      });
      to.on('drain', () => {
        if (!this.frozen) from.resume();
      });
      from.on('error', forget).on('close', forget);
    }
    if (this.frozen) for (const socket of pair) socket.pause();
  }

  /** Stops forwarding (both directions); connections stay open and new ones are accepted but hang. */
  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) for (const socket of pair) socket.pause();
  }

  /** Resets every connection and refuses new ones (a stopped server). */
  drop(): void {
    this.refusing = true;
    for (const pair of this.pairs) for (const socket of pair) socket.resetAndDestroy();
    this.pairs.clear();
  }

  resume(): void {
    this.frozen = false;
    this.refusing = false;
    for (const pair of this.pairs) for (const socket of pair) socket.resume();
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
