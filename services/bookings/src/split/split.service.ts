import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SPLIT_HOLD_GRACE_MINUTES } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { LOGGER, type Logger } from '@luxe/platform/runtime';
import { BookingRepository } from '../bookings/booking.repository';
import { publishCancellation } from '../bookings/cancellation-events';

/**
 * Bookings' part of a split payment (docs/product.md#payment-split; payments owns the split): the
 * booking's hold lasts until the split's deadline (its slot stays taken) and a grace of
 * SPLIT_HOLD_GRACE_MINUTES after it, so the deadline's settlement comes first; and a split released
 * at its deadline cancels the booking (capacity freed; payments refunds the paid shares itself).
 */
@Injectable()
export class SplitBookingService {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async created(m: EntityManager, bookingId: string, deadline: Date): Promise<void> {
    const b = await this.bookings.lockById(m, bookingId);
    if (!b || b.status !== 'held') {
      this.logger.warn(
        { bookingId, status: b?.status },
        'a split was made for a booking no longer held: its hold is not extended',
      );
      return;
    }
    b.holdExpiresAt = new Date(deadline.getTime() + SPLIT_HOLD_GRACE_MINUTES * 60_000);
    await this.bookings.save(m, b);
  }

  async released(m: EntityManager, bookingId: string): Promise<void> {
    const b = await this.bookings.lockById(m, bookingId);
    if (!b || (b.status !== 'held' && b.status !== 'expired')) return;
    const wasHeld = b.status === 'held';
    b.status = 'cancelled';
    b.cancelledAt = new Date();
    b.holdExpiresAt = null;
    await this.bookings.save(m, b);
    // Nothing for bookings to refund: the shares were paid to payments, which refunds them.
    if (wasHeld)
      await publishCancellation(this.outbox, m, { bookingId: b.id, reason: 'payment-failed', refundAmount: 0 });
  }
}
