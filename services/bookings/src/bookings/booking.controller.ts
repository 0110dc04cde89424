import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { BookingService } from './booking.service';
import { FriendService } from '../friends/friend.service';

/**
 * Bookings and holds. A booking answered to its host or the venue's owner lists the friends added
 * to it after booking too (`FriendService.withFriends`).
 */
@Controller()
export class BookingController {
  constructor(
    private readonly bookings: BookingService,
    private readonly friends: FriendService,
  ) {}

  @Route(api.bookings.create)
  async create(@Input() input: RouteInput<typeof api.bookings.create>, @CurrentActor() actor: Actor) {
    const booking = await this.bookings.create(actor, input.body);
    // Only a hold's booking can have friends added to it; one made by this call has just its given names.
    return input.body.holdId ? this.withFriends(booking) : booking;
  }

  @Route(api.bookings.setGuestVisibility)
  async setGuestVisibility(
    @Input() input: RouteInput<typeof api.bookings.setGuestVisibility>,
    @CurrentActor() actor: Actor,
  ) {
    return this.withFriends(await this.bookings.setGuestVisibility(actor, input.params.id, input.body.guestVisibility));
  }

  @Route(api.bookings.cancel)
  async cancel(@Input() input: RouteInput<typeof api.bookings.cancel>, @CurrentActor() actor: Actor) {
    return this.withFriends(await this.bookings.cancel(actor, input.params.id));
  }

  @Route(api.bookings.hold)
  hold(@Input() input: RouteInput<typeof api.bookings.hold>, @CurrentActor() actor: Actor) {
    return this.bookings.hold(actor, input.body);
  }

  @Route(api.bookings.mine)
  async mine(@Input() _input: RouteInput<typeof api.bookings.mine>, @CurrentActor() actor: Actor) {
    return this.friends.withFriends(await this.bookings.mine(actor));
  }

  @Route(api.bookings.hosted)
  async hosted(@Input() _input: RouteInput<typeof api.bookings.hosted>, @CurrentActor() actor: Actor) {
    return this.friends.withFriends(await this.bookings.hosted(actor));
  }

  @Route(api.bookings.availability)
  availability(@Input() input: RouteInput<typeof api.bookings.availability>) {
    return this.bookings.availability(input.params.id, input.query);
  }

  @Route(api.bookings.atMyVenues)
  async atMyVenues(@Input() input: RouteInput<typeof api.bookings.atMyVenues>, @CurrentActor() actor: Actor) {
    return this.friends.withFriends(await this.bookings.atMyVenues(actor, input.query));
  }

  private async withFriends<T extends { id: string; friends: string }>(booking: T): Promise<T> {
    return (await this.friends.withFriends([booking]))[0];
  }
}
