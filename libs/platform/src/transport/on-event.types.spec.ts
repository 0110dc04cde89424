// Type-level test of @OnEvent, compiled by `tsc -p libs/platform/tsconfig.type-tests.json` in
// `npm run typecheck`: each `@ts-expect-error` must hide a real error, or tsc fails.
import type { EntityManager } from 'typeorm';
import { describe, expect, it } from '@jest/globals';
import type { EventOf } from './consumer';
import { EventConsumer, handledEventTypes, OnEvent } from './on-event';

@EventConsumer('type-test')
class TypedHandlers {
  @OnEvent('identity.user-registered')
  async registered(event: EventOf<'identity.user-registered'>, tx: EntityManager): Promise<void> {
    const first: string = event.data.firstName;
    // @ts-expect-error a misspelt field of the contract does not compile
    const nope = event.data.usrId;
    // @ts-expect-error nor does a wrong type for a field
    const n: number = event.data.email;
    void [first, nope, n, tx];
  }
}

// Each wrong handler in a class of its own (one method per event type and consumer).
class WrongEvent {
  // @ts-expect-error a handler whose event type is not the decorated event's does not compile
  @OnEvent('identity.user-registered')
  async wrongEvent(event: EventOf<'identity.user-deleted'>): Promise<void> {
    void event;
  }
}

class WrongData {
  // @ts-expect-error nor does a handler whose data type is hand-written and wrong
  @OnEvent('identity.user-deleted')
  async wrongData(event: { data: { userId: number } }): Promise<void> {
    void event;
  }
}

class NotAsync {
  // @ts-expect-error nor does a handler that is not async (the effect must be awaited in the inbox transaction)
  @OnEvent('identity.user-profile-updated')
  syncHandler(event: EventOf<'identity.user-profile-updated'>): void {
    void event;
  }
}

class UnknownType {
  // @ts-expect-error nor does an unknown event type
  @OnEvent('identity.user-renamed')
  async unknown(): Promise<void> {}
}

class OnlyTheEvent {
  @OnEvent('identity.user-deleted')
  async onlyTheEvent(event: EventOf<'identity.user-deleted'>): Promise<void> {
    const id: string = event.data.userId;
    void id;
  }
}

describe('@OnEvent types', () => {
  it('compiles the well-typed handlers (the errors above are checked by tsc)', () => {
    expect(handledEventTypes(TypedHandlers)).toEqual(['identity.user-registered']);
    expect(handledEventTypes(OnlyTheEvent)).toEqual(['identity.user-deleted']);
    // The wrong ones are still registered at run time; only tsc refuses them.
    expect([WrongEvent, WrongData, NotAsync, UnknownType].map((c) => handledEventTypes(c).length)).toEqual([
      1, 1, 1, 1,
    ]);
  });
});
