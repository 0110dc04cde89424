import 'reflect-metadata';
import { Controller, Inject } from '@nestjs/common';
import { PROPERTY_DEPS_METADATA } from '@nestjs/common/constants';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { EventEnvelope, EventType } from '@luxe/contracts';
import {
  AnyEventHandler,
  ConsumerDeps,
  consumeMessage,
  consumeTogether,
  type PendingDelivery,
  EventHandlerFn,
  EventOf,
  UnprocessableEventError,
} from './consumer';
import { deliveryRuns } from './delivery-run';
import type { DeliveryControl, IncomingMessage } from './transport';

/** Injection token of the service's EventRuntime (provided by startService). */
export const EVENT_RUNTIME = Symbol('EVENT_RUNTIME');
const RUNTIME_PROPERTY = '__luxeEventRuntime';
const CONSUMER_NAME = 'luxe:event-consumer';
const HANDLED_TYPES = 'luxe:event-handled-types';

export interface EventHandlerRef {
  /** The consumer's name (`@EventConsumer(name)`), e.g. `user-cards`. */
  consumer: string;
  type: EventType;
  /** `@OnEvent`'s `oneStatement`. */
  oneStatement?: boolean;
}

/** Runs a decorated handler for one delivered message: check, inbox, retry, dead letter. */
export interface EventRuntime {
  dispatch(ref: EventHandlerRef, data: unknown, ctx: unknown, invoke: AnyEventHandler): Promise<void>;
}

/**
 * A class of event handlers, found by Nest like any controller (list it in its module's
 * `controllers`). The name keys the inbox: `<service>.<name>`, e.g. `messaging.user-cards`.
 */
export function EventConsumer(name: string): ClassDecorator {
  return (target) => {
    Controller()(target);
    Reflect.defineMetadata(CONSUMER_NAME, name, target);
  };
}

/**
 * Declares a typed event handler, on top of Nest's `@EventPattern` (the pattern is the event
 * type; the transport subscribes to its stream's topic and routes each message by its type). The method receives the event checked against its contract, typed from it, and the
 * EntityManager of the transaction that records the event in the inbox:
 *
 *   @OnEvent('identity.user-registered')
 *   upsert(event: EventOf<'identity.user-registered'>, tx: EntityManager) { ... }
 *
 * A method whose parameters do not fit the event's type does not compile. Retry with backoff,
 * the inbox and the dead-letter topic wrap the method; it only does the effect.
 *
 * `{ oneStatement: true }` declares that the method does nothing but send one SQL statement
 * through `tx` (an upsert, an update, a delete): the inbox then sends its own statement and the
 * method's as one query, a single round trip to the database instead of three (`Inbox.process`).
 * The method may then be called twice for one delivery; a second statement fails the delivery.
 */
export function OnEvent<T extends EventType>(type: T, options: { oneStatement?: boolean } = {}) {
  return <M extends EventHandlerFn<T>>(
    target: object,
    key: string | symbol,
    desc: TypedPropertyDescriptor<M>,
  ): void => {
    const handler = desc.value;
    const cls = target.constructor;
    if (typeof handler !== 'function') throw new Error(`@OnEvent('${type}') must decorate a method`);
    const handled: EventType[] = Reflect.getOwnMetadata(HANDLED_TYPES, cls) ?? [];
    // One inbox key per consumer class: two methods of one class for the same event would skip each other.
    if (handled.includes(type))
      throw new Error(`${cls.name} handles ${type} twice: one method per event type and consumer`);
    Reflect.defineMetadata(HANDLED_TYPES, [...handled, type], cls);
    const props: { key: string }[] = Reflect.getMetadata(PROPERTY_DEPS_METADATA, cls) ?? [];
    if (!props.some((p) => p.key === RUNTIME_PROPERTY)) Inject(EVENT_RUNTIME)(target, RUNTIME_PROPERTY);

    const wrapped = function (this: Record<string, unknown>, data: unknown, ctx: unknown): Promise<void> {
      const runtime = this[RUNTIME_PROPERTY] as EventRuntime | undefined;
      if (!runtime)
        return Promise.reject(
          new Error(
            `${cls.name}: no event runtime (declare it with @EventConsumer in a module of a service started by startService)`,
          ),
        );
      const consumer: string = Reflect.getMetadata(CONSUMER_NAME, this.constructor) ?? this.constructor.name;
      return runtime.dispatch({ consumer, type, oneStatement: options.oneStatement }, data, ctx, (event, tx) =>
        handler.call(this, event as EventOf<T>, tx),
      );
    };
    Object.defineProperty(wrapped, 'name', { value: String(key) });
    desc.value = wrapped as unknown as M;
    EventPattern(type)(target, key, desc);
    // Nest passes only the payload unless the context is asked for; the runtime needs both (the heartbeat).
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
  };
}

/** The event types a consumer class handles (for tests and start-up checks). */
export function handledEventTypes(cls: abstract new (...args: never[]) => unknown): EventType[] {
  return Reflect.getMetadata(HANDLED_TYPES, cls) ?? [];
}

function isIncomingMessage(v: unknown): v is IncomingMessage {
  const m = v as IncomingMessage;
  return (
    !!m &&
    typeof m === 'object' &&
    typeof m.topic === 'string' &&
    typeof m.value === 'string' &&
    typeof m.offset === 'string' &&
    typeof m.headers === 'object'
  );
}

/** The EventRuntime of one service: the platform's consumer behaviour around every `@OnEvent` method. */
export class ServiceEventRuntime implements EventRuntime {
  constructor(
    private readonly service: string,
    private readonly deps: ConsumerDeps,
  ) {}

  dispatch(ref: EventHandlerRef, data: unknown, ctx: unknown, invoke: AnyEventHandler): Promise<void> {
    // Both transports deliver the raw message as the data (KafkaEventDeserializer, InProcessEventServer).
    if (!isIncomingMessage(data))
      return Promise.reject(new Error(`event handler for ${ref.type} received no transport message`));
    const heartbeat = (ctx as { getHeartbeat?: () => () => Promise<void> } | undefined)?.getHeartbeat?.();
    const control: DeliveryControl = heartbeat ? { heartbeat } : {};
    const route = {
      group: `${this.service}.${ref.consumer}`,
      oneStatement: ref.oneStatement,
      resolve: (envelope: EventEnvelope) => {
        if (envelope.type !== ref.type)
          throw new UnprocessableEventError(`envelope of type ${envelope.type} delivered as ${ref.type}`);
        return invoke;
      },
    };
    // In a batch of Kafka's (DeliveryRun): a one-statement delivery waits to go with the others;
    // any other is handled once those before it are applied.
    const run = deliveryRuns.getStore();
    if (run && ref.oneStatement) return run.add({ msg: data, route, control }, this.together);
    return (run ? run.flush() : Promise.resolve()).then(() => consumeMessage(data, route, this.deps, control));
  }

  /** Applies a run's deliveries (one function for the runtime: DeliveryRun applies what one function takes together). */
  private readonly together = (pending: PendingDelivery[]) => consumeTogether(pending, this.deps);

  /** Dead-letters a message whose event type is unknown (bad JSON, no type, a type not in the contracts). */
  deadLetterUnroutable(msg: IncomingMessage): Promise<void> {
    return consumeMessage(
      msg,
      {
        group: `${this.service}.events`,
        resolve: (envelope) => {
          throw new UnprocessableEventError(`no handler can take an event of type ${envelope.type}`);
        },
      },
      this.deps,
    );
  }
}
