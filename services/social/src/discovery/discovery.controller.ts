import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { DiscoveryService } from './discovery.service';

/** Events to discover. */
@Controller()
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  @Route(api.discovery.availableEvents)
  availableEvents(@Input() input: RouteInput<typeof api.discovery.availableEvents>, @CurrentActor() actor: Actor) {
    return this.discovery.availableEvents(actor, { city: input.query.city, state: input.query.state });
  }
}
