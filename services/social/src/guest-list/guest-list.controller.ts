import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { GuestListService } from './guest-list.service';

/** An event's guest list, limit and waitlist (docs/product.md#social-guest-list). */
@Controller()
export class GuestListController {
  constructor(private readonly guestList: GuestListService) {}

  @Route(api.guestList.get)
  get(@Input() input: RouteInput<typeof api.guestList.get>, @CurrentActor() actor: Actor) {
    return this.guestList.get(actor, input.params.id);
  }

  @Route(api.guestList.setLimit)
  setLimit(@Input() input: RouteInput<typeof api.guestList.setLimit>, @CurrentActor() actor: Actor) {
    return this.guestList.setLimit(actor, input.params.id, input.body.guestLimit);
  }

  @Route(api.guestList.leave)
  leave(@Input() input: RouteInput<typeof api.guestList.leave>, @CurrentActor() actor: Actor) {
    return this.guestList.leave(actor, input.params.id);
  }

  @Route(api.guestList.remove)
  remove(@Input() input: RouteInput<typeof api.guestList.remove>, @CurrentActor() actor: Actor) {
    return this.guestList.remove(actor, input.params.id);
  }
}
