import { Controller, Res } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route, sendPage, type PageReply } from '@luxe/platform/http';
import { VenueService } from './venue.service';

/** The venues part of the /api contract. */
@Controller()
export class VenueController {
  constructor(private readonly venues: VenueService) {}

  @Route(api.venues.create)
  create(@Input() input: RouteInput<typeof api.venues.create>, @CurrentActor() actor: Actor) {
    return this.venues.create(actor, input.body);
  }

  @Route(api.venues.update)
  update(@Input() input: RouteInput<typeof api.venues.update>, @CurrentActor() actor: Actor) {
    return this.venues.update(actor, input.params.id, input.body);
  }

  @Route(api.venues.remove)
  async remove(@Input() input: RouteInput<typeof api.venues.remove>, @CurrentActor() actor: Actor) {
    await this.venues.remove(actor, input.params.id);
  }

  @Route(api.venues.get)
  get(@Input() input: RouteInput<typeof api.venues.get>, @CurrentActor() actor: Actor) {
    return this.venues.get(actor, input.params.id);
  }

  @Route(api.venues.list)
  list(@Input() input: RouteInput<typeof api.venues.list>) {
    const { state, type = 'all' } = input.query;
    if (state) return this.venues.byLocation(undefined, state, type);
    if (type !== 'all') return this.venues.listPublic().then((all) => all.filter((v) => v.type === type));
    return this.venues.listPublic();
  }

  @Route(api.venues.byLocation)
  async byLocation(
    @Input() input: RouteInput<typeof api.venues.byLocation>,
    @Res({ passthrough: true }) reply: PageReply,
  ) {
    const { city, state, type } = input.params;
    const { limit, cursor } = input.query;
    return sendPage(reply, await this.venues.byLocationPage(city, state, type, { limit, after: cursor }));
  }

  @Route(api.venues.mine)
  mine(@Input() _input: RouteInput<typeof api.venues.mine>, @CurrentActor() actor: Actor) {
    return this.venues.mine(actor);
  }
}
