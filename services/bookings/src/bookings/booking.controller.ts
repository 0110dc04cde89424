import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { BookingService } from './booking.service';

/** Bookings and holds. */
@Controller()
export class BookingController {
  constructor(private readonly bookings: BookingService) {}

  @Route(api.bookings.create)
  create(@Input() input: RouteInput<typeof api.bookings.create>, @CurrentActor() actor: Actor) {
    return this.bookings.create(actor, input.body);
  }

  @Route(api.bookings.setGuestVisibility)
  setGuestVisibility(@Input() input: RouteInput<typeof api.bookings.setGuestVisibility>, @CurrentActor() actor: Actor) {
    return this.bookings.setGuestVisibility(actor, input.params.id, input.body.guestVisibility);
  }

  @Route(api.bookings.cancel)
  cancel(@Input() input: RouteInput<typeof api.bookings.cancel>, @CurrentActor() actor: Actor) {
    return this.bookings.cancel(actor, input.params.id);
  }

  @Route(api.bookings.hold)
  hold(@Input() input: RouteInput<typeof api.bookings.hold>, @CurrentActor() actor: Actor) {
    return this.bookings.hold(actor, input.body);
  }

  @Route(api.bookings.mine)
  mine(@Input() _input: RouteInput<typeof api.bookings.mine>, @CurrentActor() actor: Actor) {
    return this.bookings.mine(actor);
  }

  @Route(api.bookings.hosted)
  hosted(@Input() _input: RouteInput<typeof api.bookings.hosted>, @CurrentActor() actor: Actor) {
    return this.bookings.hosted(actor);
  }

  @Route(api.bookings.atMyVenues)
  atMyVenues(@Input() _input: RouteInput<typeof api.bookings.atMyVenues>, @CurrentActor() actor: Actor) {
    return this.bookings.atMyVenues(actor);
  }
}
