import net from 'node:net';

/**
 * A TCP proxy a fault test controls, between the server and its database or Redis:
 * - `cut()`: every open connection is reset and new ones are closed at once (a lost database or a restart);
 * - `stall()`: connections stay open but no byte goes through, and the bytes sent meanwhile are lost (a frozen
 *   database or a network that swallows packets);
 * - `restore()`: back to forwarding; connections that lived through a stall are reset (their protocol state is
 *   lost with the swallowed bytes), new ones are forwarded.
 */
export class TcpProxy {
  private mode: 'open' | 'cut' | 'stall' = 'open';
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket | null; stalled: boolean }>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    let proxy: TcpProxy | null = null;
    const server = net.createServer((client) => proxy!.accept(client, targetHost, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new TcpProxy(server, (server.address() as net.AddressInfo).port);
    return proxy;
  }

  /** `url` with its host and port replaced by this proxy's. */
  url(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private accept(client: net.Socket, host: string, port: number): void {
    client.on('error', () => {});
    if (this.mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const pair = { client, upstream: null as net.Socket | null, stalled: this.mode === 'stall' };
    this.pairs.add(pair);
    client.on('close', () => {
      this.pairs.delete(pair);
      pair.upstream?.destroy();
    });
    if (pair.stalled) {
      client.on('data', () => {}); // swallowed
      return;
    }
    const upstream = net.connect(port, host);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (b) => {
      if (this.mode === 'open' && !pair.stalled) upstream.write(b);
    });
    upstream.on('data', (b) => {
      if (this.mode === 'open' && !pair.stalled) client.write(b);
    });
  }

  cut(): void {
    this.mode = 'cut';
    for (const p of this.pairs) {
      p.client.resetAndDestroy();
      p.upstream?.destroy();
    }
    this.pairs.clear();
  }

  stall(): void {
    this.mode = 'stall';
    for (const p of this.pairs) p.stalled = true;
  }

  restore(): void {
    for (const p of this.pairs) {
      if (p.stalled) {
        p.client.resetAndDestroy();
        p.upstream?.destroy();
        this.pairs.delete(p);
      }
    }
    this.mode = 'open';
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
