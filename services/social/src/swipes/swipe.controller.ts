import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { SwipeService } from './swipe.service';

/** Swipes and the swipe deck. */
@Controller()
export class SwipeController {
  constructor(private readonly swipes: SwipeService) {}

  @Route(api.swipes.swipe)
  swipe(@Input() input: RouteInput<typeof api.swipes.swipe>, @CurrentActor() actor: Actor) {
    return this.swipes.swipe(actor, input.body.userId, input.body.action);
  }

  @Route(api.swipes.potentialMatches)
  potentialMatches(@Input() input: RouteInput<typeof api.swipes.potentialMatches>, @CurrentActor() actor: Actor) {
    return this.swipes.potentialMatches(actor, input.query.state || undefined);
  }
}
