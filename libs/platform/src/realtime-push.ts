import type Redis from 'ioredis';
import type { EventData } from '@luxe/contracts';
import type { Logger } from './logger';
import { publish } from './pubsub';

/**
 * The gateways' push channel on Redis (docs/architecture.md#the-parts, conversations): every gateway
 * pushes what it hears there to the browser sessions it holds. The prefix is the deployment's
 * topic prefix (test stacks sharing one Redis stay apart).
 */
export function realtimePushChannel(prefix = ''): string {
  return `${prefix}luxe:realtime`;
}

/** A push on the channel: an event's type and data, and who published it. */
export interface RealtimePush {
  type: string;
  data: unknown;
  /** The gateway that read it from Kafka (it skips its own copy), or a service's direct push. */
  origin?: string;
}

/** The events a service pushes itself, at once after its commit, besides their way through Kafka. */
export type DirectPushType = 'messaging.message-sent';

/**
 * A service's direct push: published on the gateways' channel right after the transaction that
 * put the same event in its outbox has committed, so a chat message reaches the recipient's open
 * sessions without waiting for the relay, Kafka and the gateways' consumer group. Best effort and
 * never the only way: the event still goes through the outbox and Kafka, which the gateways read
 * and push unless they have pushed that message already (a lost publish, Redis down, a gateway
 * that restarted). A failure is logged, never the request's.
 */
export class DirectPushes {
  private readonly channel: string;
  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    prefix = '',
  ) {
    this.channel = realtimePushChannel(prefix);
  }

  /** Call after the commit (never inside the transaction: the event may still be rolled back). */
  afterCommit<T extends DirectPushType>(type: T, data: EventData<T>): void {
    const push: RealtimePush = { type, data, origin: 'direct' };
    publish(this.redis, this.channel, JSON.stringify(push)).catch((err) =>
      this.logger.warn({ err, type }, 'a direct push could not be published (Kafka still carries the event)'),
    );
  }
}
