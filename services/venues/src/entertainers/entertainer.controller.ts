import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { EntertainerService } from './entertainer.service';

/** Entertainers' venue requests and VIP room assignments. */
@Controller()
export class EntertainerController {
  constructor(private readonly entertainers: EntertainerService) {}

  @Route(api.entertainers.requestVenue)
  requestVenue(@Input() input: RouteInput<typeof api.entertainers.requestVenue>, @CurrentActor() actor: Actor) {
    return this.entertainers.request(actor, input.body.venueId);
  }

  @Route(api.entertainers.myRequests)
  myRequests(@Input() _input: RouteInput<typeof api.entertainers.myRequests>, @CurrentActor() actor: Actor) {
    return this.entertainers.myRequests(actor);
  }

  @Route(api.entertainers.myAssignments)
  myAssignments(@Input() _input: RouteInput<typeof api.entertainers.myAssignments>, @CurrentActor() actor: Actor) {
    return this.entertainers.myAssignments(actor);
  }

  @Route(api.entertainers.acceptAssignment)
  accept(@Input() input: RouteInput<typeof api.entertainers.acceptAssignment>, @CurrentActor() actor: Actor) {
    return this.entertainers.answer(actor, input.params.id, true);
  }

  @Route(api.entertainers.declineAssignment)
  decline(@Input() input: RouteInput<typeof api.entertainers.declineAssignment>, @CurrentActor() actor: Actor) {
    return this.entertainers.answer(actor, input.params.id, false);
  }

  @Route(api.entertainers.ownerRequests)
  ownerRequests(@Input() _input: RouteInput<typeof api.entertainers.ownerRequests>, @CurrentActor() actor: Actor) {
    return this.entertainers.ownerRequests(actor);
  }

  @Route(api.entertainers.approveRequest)
  approve(@Input() input: RouteInput<typeof api.entertainers.approveRequest>, @CurrentActor() actor: Actor) {
    return this.entertainers.decideRequest(actor, input.params.id, { approve: true, dancerId: input.body.dancerId });
  }

  @Route(api.entertainers.declineRequest)
  declineRequest(@Input() input: RouteInput<typeof api.entertainers.declineRequest>, @CurrentActor() actor: Actor) {
    return this.entertainers.decideRequest(actor, input.params.id, { approve: false });
  }

  @Route(api.entertainers.ownerAssignments)
  ownerAssignments(
    @Input() _input: RouteInput<typeof api.entertainers.ownerAssignments>,
    @CurrentActor() actor: Actor,
  ) {
    return this.entertainers.ownerAssignments(actor);
  }

  @Route(api.entertainers.revokeAssignment)
  revoke(@Input() input: RouteInput<typeof api.entertainers.revokeAssignment>, @CurrentActor() actor: Actor) {
    return this.entertainers.ownerRevoke(actor, input.params.id);
  }
}
