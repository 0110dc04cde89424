import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, UserErasureService, type EventOf } from '@luxe/platform/events';
import { AttendeeRepository } from '../calendar/attendee.repository';
import { CatalogRepository } from '../catalog/catalog.repository';
import { FriendService } from '../friends/friend.service';
import { PassRepository } from '../passes/pass.repository';
import { BookingService } from './booking.service';

/**
 * Bookings' part of the account-deletion saga (inbox key `bookings.user-erasure`): the member's
 * card, his places at others' bookings and the guests of his own, his bookings (upcoming ones
 * cancelled and published first), his friends and their pictures, the cards of the venues he
 * owned, his door passes; then the checkpoint.
 */
@EventConsumer('user-erasure')
export class BookingsErasureConsumer {
  private readonly erasure = new UserErasureService();
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly bookings: BookingService,
    private readonly friends: FriendService,
    private readonly attendees: AttendeeRepository,
    private readonly passes: PassRepository,
  ) {}

  @OnEvent('identity.user-deleted')
  async erase(e: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    const { userId } = e.data;
    await this.catalog.eraseMember(tx, userId);
    await this.attendees.eraseUser(tx, userId);
    await this.passes.eraseUser(tx, userId);
    await this.bookings.eraseHost(tx, userId);
    await this.friends.eraseUser(tx, userId);
    await this.erasure.record(tx, userId);
  }
}
