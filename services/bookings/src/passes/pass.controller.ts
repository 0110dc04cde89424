import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { PassService } from './pass.service';

/** Door passes: the attendee's pass, the public pass page, the owner's door check-in. */
@Controller()
export class PassController {
  constructor(private readonly passes: PassService) {}

  @Route(api.passes.mine)
  mine(@Input() input: RouteInput<typeof api.passes.mine>, @CurrentActor() actor: Actor) {
    return this.passes.mine(actor, input.params.id);
  }

  @Route(api.passes.friend)
  friend(@Input() input: RouteInput<typeof api.passes.friend>) {
    return this.passes.friend(input.params.token);
  }

  @Route(api.passes.view)
  view(@Input() input: RouteInput<typeof api.passes.view>) {
    return this.passes.view(input.params.token);
  }

  @Route(api.passes.checkIn)
  checkIn(@Input() input: RouteInput<typeof api.passes.checkIn>, @CurrentActor() actor: Actor) {
    return this.passes.checkIn(actor, input.body);
  }
}
