import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { JoinRequestService } from './join-request.service';

/** Requests to join events. */
@Controller()
export class JoinRequestController {
  constructor(private readonly requests: JoinRequestService) {}

  @Route(api.joinRequests.create)
  create(@Input() input: RouteInput<typeof api.joinRequests.create>, @CurrentActor() actor: Actor) {
    return this.requests.create(actor, input.body);
  }

  @Route(api.joinRequests.mine)
  mine(@Input() _input: RouteInput<typeof api.joinRequests.mine>, @CurrentActor() actor: Actor) {
    return this.requests.mine(actor);
  }

  @Route(api.joinRequests.pendingCounts)
  pendingCounts(@Input() _input: RouteInput<typeof api.joinRequests.pendingCounts>, @CurrentActor() actor: Actor) {
    return this.requests.pendingCounts(actor);
  }

  @Route(api.joinRequests.ofBooking)
  ofBooking(@Input() input: RouteInput<typeof api.joinRequests.ofBooking>, @CurrentActor() actor: Actor) {
    return this.requests.ofBooking(actor, input.query.bookingId);
  }

  @Route(api.joinRequests.approve)
  approve(@Input() input: RouteInput<typeof api.joinRequests.approve>, @CurrentActor() actor: Actor) {
    return this.requests.decide(actor, input.params.id, 'approved');
  }

  @Route(api.joinRequests.decline)
  decline(@Input() input: RouteInput<typeof api.joinRequests.decline>, @CurrentActor() actor: Actor) {
    return this.requests.decide(actor, input.params.id, 'declined');
  }
}
