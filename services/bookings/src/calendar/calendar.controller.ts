import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { CalendarService } from './calendar.service';

/** `GET /api/bookings/{id}/calendar`: the booking's calendar file. */
@Controller()
export class CalendarController {
  constructor(private readonly calendars: CalendarService) {}

  @Route(api.bookings.calendar)
  calendar(@Input() input: RouteInput<typeof api.bookings.calendar>, @CurrentActor() actor: Actor) {
    return this.calendars.calendar(actor, input.params.id);
  }
}
