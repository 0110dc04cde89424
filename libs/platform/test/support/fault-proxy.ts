import { createServer, Server, Socket, connect } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL here) that can take it away, the way an
 * outage looks from a client: `refuse()` drops every open connection and refuses new ones
 * (a stopped server); `blackhole()` accepts connections and never answers (a network that drops
 * packets); `restore()` forwards again. Only 127.0.0.1.
 */
export class FaultProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private mode: 'forward' | 'refuse' | 'blackhole' = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    await this.listen(port);
    return this.port;
  }

  private listen(port: number): Promise<void> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    if (this.mode === 'blackhole') return; // hold it open, say nothing
    const upstream = connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private dropAll(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  /** A stopped server: open connections break, new ones are refused. */
  async refuse(): Promise<void> {
    this.mode = 'refuse';
    this.dropAll();
    await this.closeServer();
  }

  /** A black hole: connections are accepted and never answered. */
  async blackhole(): Promise<void> {
    this.dropAll();
    this.mode = 'blackhole';
    if (!this.server) await this.listen(this.port);
  }

  /** Back to normal (connections held in the black hole are dropped, as a reset would). */
  async restore(): Promise<void> {
    this.dropAll();
    this.mode = 'forward';
    if (!this.server) await this.listen(this.port);
  }

  async stop(): Promise<void> {
    this.dropAll();
    await this.closeServer();
  }

  private closeServer(): Promise<void> {
    const s = this.server;
    this.server = null;
    return new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }
}
