import { Controller, Res } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route, sendPage, type PageReply } from '@luxe/platform/http';
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
  async received(
    @Input() input: RouteInput<typeof api.invites.received>,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: PageReply,
  ) {
    const { limit, cursor } = input.query;
    return sendPage(reply, await this.invites.list(actor, 'received', { limit, after: cursor }));
  }

  @Route(api.invites.sent)
  async sent(
    @Input() input: RouteInput<typeof api.invites.sent>,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: PageReply,
  ) {
    const { limit, cursor } = input.query;
    return sendPage(reply, await this.invites.list(actor, 'sent', { limit, after: cursor }));
  }

  @Route(api.invites.respond)
  respond(@Input() input: RouteInput<typeof api.invites.respond>, @CurrentActor() actor: Actor) {
    return this.invites.respond(actor, input.params.id, input.body.response);
  }
}
