import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { SplitBookingService } from './split.service';

/** Payments' split events (inbox key `bookings.splits`). */
@EventConsumer('splits')
export class SplitConsumer {
  constructor(private readonly splits: SplitBookingService) {}

  @OnEvent('payments.split-created')
  created(e: EventOf<'payments.split-created'>, tx: EntityManager) {
    return this.splits.created(tx, e.data.bookingId, new Date(e.data.deadline));
  }

  @OnEvent('payments.split-released')
  released(e: EventOf<'payments.split-released'>, tx: EntityManager) {
    return this.splits.released(tx, e.data.bookingId);
  }
}
