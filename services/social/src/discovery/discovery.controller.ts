import { Controller, Res } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route, sendPage, type PageReply } from '@luxe/platform/http';
import { DiscoveryService } from './discovery.service';

/** Events to discover. */
@Controller()
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  @Route(api.discovery.availableEvents)
  async availableEvents(
    @Input() input: RouteInput<typeof api.discovery.availableEvents>,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: PageReply,
  ) {
    const { city, state, limit, cursor } = input.query;
    return sendPage(reply, await this.discovery.availableEvents(actor, { city, state }, { limit, after: cursor }));
  }
}
