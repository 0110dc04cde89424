import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { SafetyService } from './safety.service';

/** Blocks and reports. */
@Controller()
export class SafetyController {
  constructor(private readonly safety: SafetyService) {}

  @Route(api.safety.block)
  block(@Input() input: RouteInput<typeof api.safety.block>, @CurrentActor() actor: Actor) {
    return this.safety.block(actor, input.body.userId);
  }

  @Route(api.safety.blocks)
  blocks(@Input() _input: RouteInput<typeof api.safety.blocks>, @CurrentActor() actor: Actor) {
    return this.safety.blocks(actor);
  }

  @Route(api.safety.unblock)
  unblock(@Input() input: RouteInput<typeof api.safety.unblock>, @CurrentActor() actor: Actor) {
    return this.safety.unblock(actor, input.params.userId);
  }

  @Route(api.safety.reportUser)
  reportUser(@Input() input: RouteInput<typeof api.safety.reportUser>, @CurrentActor() actor: Actor) {
    return this.safety.reportUser(actor, input.params.userId, input.body);
  }
}
