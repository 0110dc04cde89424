import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { InviteService } from './invite.service';

/** Invites. */
@Controller()
export class InviteController {
  constructor(private readonly invites: InviteService) {}

  @Route(api.invites.create)
  create(@Input() input: RouteInput<typeof api.invites.create>, @CurrentActor() actor: Actor) {
    return this.invites.create(actor, input.body);
  }

  @Route(api.invites.received)
  received(@Input() _input: RouteInput<typeof api.invites.received>, @CurrentActor() actor: Actor) {
    return this.invites.received(actor);
  }

  @Route(api.invites.sent)
  sent(@Input() _input: RouteInput<typeof api.invites.sent>, @CurrentActor() actor: Actor) {
    return this.invites.sent(actor);
  }

  @Route(api.invites.respond)
  respond(@Input() input: RouteInput<typeof api.invites.respond>, @CurrentActor() actor: Actor) {
    return this.invites.respond(actor, input.params.id, input.body.response);
  }
}
