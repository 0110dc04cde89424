import { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { BaseRpcContext } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { isEventType } from '@luxe/contracts';
import {
  EventServerOptions,
  EventTransport,
  eventTypeOf,
  IncomingMessage,
  OutgoingMessage,
  routeOfPattern,
  SubscribeOptions,
  topicsForPatterns,
} from './transport';

interface Delivery {
  msg: IncomingMessage;
  done: () => void;
  fail: (err: Error) => void;
}

interface Group {
  id: string;
  topics: Set<string>;
  handle: SubscribeOptions['handle'];
  queue: Delivery[];
  draining: boolean;
}

export interface InProcessBrokerOptions {
  /** Fault injection for the crash test only: SIGKILL the process when delivering the n-th message. */
  crashOnDelivery?: number;
}

/**
 * An in-memory broker shared by every service in one process (embedded mode). It keeps
 * Kafka's semantics that matter to the outbox/inbox code: per consumer group delivery,
 * in order, and redelivery of a message whose handler rejected.
 *
 * At least once: `publish` resolves only when every group subscribed to the message's topic has
 * handled it, so the outbox relay marks a row published only after its consumers committed their
 * effect. A crash before that leaves the row unpublished, and the relay publishes it again at the
 * next start (consumers skip what they already applied). A message for a topic nobody subscribes
 * to is done at once: the embedded launcher subscribes every service before any relay starts.
 */
export class InProcessBroker {
  private readonly groups = new Map<string, Group>();
  private offsets = 0;
  private deliveries = 0;
  private closed = false;
  redeliveryDelayMs = 500;

  constructor(private readonly opts: InProcessBrokerOptions = {}) {}

  /**
   * The launcher's stop begins: every later publish is refused, so a relay still running marks
   * nothing published while the services leave one by one. Open, a message for a topic whose group
   * has already left would be "done at once" (nobody subscribes) and never handled; refused, its
   * row stays in the outbox and is published at the next start, once every service listens.
   */
  close(): void {
    this.closed = true;
  }

  /** Throws once the broker is closed (the transport's ping: the relay then charges no row). */
  assertOpen(): void {
    if (this.closed) throw new Error('the in-process broker is closed (stopping): the event waits in the outbox');
  }

  async publish(messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    const pending: Promise<void>[] = [];
    for (const m of messages) {
      const msg: IncomingMessage = {
        topic: m.topic,
        partition: 0,
        offset: String(this.offsets++),
        key: m.key,
        value: m.value,
        headers: { ...(m.headers ?? {}) },
      };
      for (const g of this.groups.values()) {
        if (!g.topics.has(m.topic)) continue;
        pending.push(
          new Promise<void>((done, fail) => {
            g.queue.push({ msg, done, fail });
          }),
        );
        this.drain(g);
      }
    }
    await Promise.all(pending);
  }

  subscribe(opts: SubscribeOptions): void {
    const existing = this.groups.get(opts.groupId);
    if (existing) {
      opts.topics.forEach((t) => existing.topics.add(t));
      existing.handle = opts.handle;
      return;
    }
    this.groups.set(opts.groupId, {
      id: opts.groupId,
      topics: new Set(opts.topics),
      handle: opts.handle,
      queue: [],
      draining: false,
    });
  }

  /** The group leaves: what it had not handled fails its publisher (the outbox row stays unpublished). */
  unsubscribe(groupId: string): void {
    const g = this.groups.get(groupId);
    this.groups.delete(groupId);
    if (g)
      for (const d of g.queue.splice(0))
        d.fail(new Error(`consumer group ${groupId} left before handling the message`));
  }

  unsubscribeAll(): void {
    for (const id of [...this.groups.keys()]) this.unsubscribe(id);
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
          const d = g.queue[0];
          this.deliveries++;
          if (this.opts.crashOnDelivery && this.deliveries >= this.opts.crashOnDelivery)
            process.kill(process.pid, 'SIGKILL');
          try {
            await g.handle(d.msg);
            if (g.queue[0] === d) g.queue.shift();
            d.done();
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
 * service, subscribed to the stream topics of its `@OnEvent` handlers. A message goes to the
 * handlers of its event type and is done when they have finished; a rejection makes the broker
 * redeliver it, as Kafka would.
 */
export class InProcessEventServer extends Server implements CustomTransportStrategy {
  constructor(
    private readonly broker: InProcessBroker,
    private readonly opts: EventServerOptions,
  ) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    const topics = topicsForPatterns(this.messageHandlers.keys(), this.opts.topicPrefix);
    if (topics.length > 0)
      this.broker.subscribe({ groupId: this.opts.groupId, topics, handle: (msg) => this.dispatch(msg) });
    callback();
  }

  protected override getRouteFromPattern(pattern: string): string {
    return routeOfPattern(pattern, (p) => super.getRouteFromPattern(p));
  }

  /** Runs the handlers of the message's event type and resolves when they are done (rejects when one failed). */
  async dispatch(msg: IncomingMessage): Promise<void> {
    const type = eventTypeOf(msg);
    const handler = this.getHandlerByPattern(type);
    if (!handler) {
      // A known type this service does not handle is not its business; an unknown one is poison.
      if (!isEventType(type)) await this.opts.onUnroutable?.(msg);
      return;
    }
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
  publish(messages: OutgoingMessage[]): Promise<void> {
    return this.broker.publish(messages);
  }
  async subscribe(opts: SubscribeOptions): Promise<void> {
    this.broker.subscribe(opts);
  }
  createEventServer(opts: EventServerOptions): InProcessEventServer {
    return new InProcessEventServer(this.broker, opts);
  }
  async ensureTopics(): Promise<void> {}
  async ping(): Promise<void> {
    this.broker.assertOpen();
  }
  async disconnect(): Promise<void> {}
}
