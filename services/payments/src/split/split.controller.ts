import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { SplitService } from './split.service';

/** Split payments of held bookings (docs/product.md#payment-split). */
@Controller()
export class SplitController {
  constructor(private readonly splits: SplitService) {}

  @Route(api.split.create)
  create(@Input() input: RouteInput<typeof api.split.create>, @CurrentActor() actor: Actor) {
    return this.splits.create(actor, input.params.id, input.body.booking, input.body.shares, input.body.fallback);
  }

  @Route(api.split.get)
  get(@Input() input: RouteInput<typeof api.split.get>, @CurrentActor() actor: Actor) {
    return this.splits.get(actor, input.params.id);
  }

  @Route(api.split.share)
  share(@Input() input: RouteInput<typeof api.split.share>) {
    return this.splits.share(input.params.token);
  }

  @Route(api.split.shareIntent)
  shareIntent(@Input() input: RouteInput<typeof api.split.shareIntent>, @CurrentActor() actor: Actor) {
    return this.splits.shareIntent(actor, input.params.token, input.body.firstName);
  }
}
