import { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { BaseRpcContext } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { EventServerOptions, EventTransport, IncomingMessage, OutgoingMessage, SubscribeOptions } from './transport';

interface Group {
  id: string;
  topics: Set<string>;
  handle: SubscribeOptions['handle'];
  queue: IncomingMessage[];
  draining: boolean;
}

/**
 * An in-memory broker shared by every service in one process (embedded mode). It keeps
 * Kafka's semantics that matter to the outbox/inbox code: per consumer group delivery,
 * in order, and redelivery of a message whose handler rejected.
 */
export class InProcessBroker {
  private readonly groups = new Map<string, Group>();
  private offsets = 0;
  redeliveryDelayMs = 500;

  publish(messages: OutgoingMessage[]): void {
    for (const m of messages) {
      const msg: IncomingMessage = { topic: m.topic, partition: 0, offset: String(this.offsets++), key: m.key, value: m.value, headers: { ...(m.headers ?? {}) } };
      for (const g of this.groups.values()) {
        if (g.topics.has(m.topic)) {
          g.queue.push(msg);
          this.drain(g);
        }
      }
    }
  }

  subscribe(opts: SubscribeOptions): void {
    const existing = this.groups.get(opts.groupId);
    if (existing) {
      opts.topics.forEach((t) => existing.topics.add(t));
      existing.handle = opts.handle;
      return;
    }
    this.groups.set(opts.groupId, { id: opts.groupId, topics: new Set(opts.topics), handle: opts.handle, queue: [], draining: false });
  }

  unsubscribe(groupId: string): void {
    this.groups.delete(groupId);
  }

  unsubscribeAll(): void {
    this.groups.clear();
  }

  /** Resolves when every queue is empty (tests and seeding use it). */
  async idle(timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while ([...this.groups.values()].some((g) => g.queue.length > 0 || g.draining)) {
      if (Date.now() > end) throw new Error('in-process broker did not become idle');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private drain(g: Group): void {
    if (g.draining) return;
    g.draining = true;
    void (async () => {
      try {
        while (g.queue.length > 0 && this.groups.get(g.id) === g) {
          const msg = g.queue[0];
          try {
            await g.handle(msg);
            g.queue.shift();
          } catch {
            await new Promise((r) => setTimeout(r, this.redeliveryDelayMs));
          }
        }
      } finally {
        g.draining = false;
      }
    })();
  }
}

/** The context an in-process event handler receives (Kafka's counterpart is KafkaContext). */
export class InProcessContext extends BaseRpcContext<[IncomingMessage]> {
  getMessage(): IncomingMessage {
    return this.args[0];
  }
}

/**
 * A Nest transport strategy over the in-process broker (embedded mode): one consumer group per
 * service, the topics of its `@OnEvent` handlers. A message is done when every handler of its
 * topic has finished; a rejection makes the broker redeliver it, as Kafka would.
 */
export class InProcessEventServer extends Server implements CustomTransportStrategy {
  constructor(
    private readonly broker: InProcessBroker,
    private readonly opts: EventServerOptions,
  ) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    const topics = [...this.messageHandlers.keys()];
    if (topics.length > 0) this.broker.subscribe({ groupId: this.opts.groupId, topics, handle: (msg) => this.dispatch(msg) });
    callback();
  }

  /** Runs the handlers of the message's topic and resolves when they are done (rejects when one failed). */
  async dispatch(msg: IncomingMessage): Promise<void> {
    const handler = this.getHandlerByPattern(msg.topic);
    if (!handler) return;
    const result = await handler(msg, new InProcessContext([msg]));
    if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
  }

  close(): void {
    this.broker.unsubscribe(this.opts.groupId);
  }

  on(): never {
    throw new Error('InProcessEventServer has no events to listen to');
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}

export class InProcessTransport implements EventTransport {
  readonly kind = 'inprocess' as const;
  constructor(readonly broker: InProcessBroker) {}
  async connect(): Promise<void> {}
  async publish(messages: OutgoingMessage[]): Promise<void> {
    this.broker.publish(messages);
  }
  async subscribe(opts: SubscribeOptions): Promise<void> {
    this.broker.subscribe(opts);
  }
  createEventServer(opts: EventServerOptions): InProcessEventServer {
    return new InProcessEventServer(this.broker, opts);
  }
  async ensureTopics(): Promise<void> {}
  async ping(): Promise<void> {}
  async disconnect(): Promise<void> {}
}
