import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { DoorStaffService } from './door-staff.service';
import { PassService } from './pass.service';

/** Door passes: the attendee's pass, the public pass page, the owner's door check-in. */
@Controller()
export class PassController {
  constructor(
    private readonly passes: PassService,
    private readonly doorStaff: DoorStaffService,
  ) {}

  @Route(api.passes.mine)
  mine(@Input() input: RouteInput<typeof api.passes.mine>, @CurrentActor() actor: Actor) {
    return this.passes.mine(actor, input.params.id);
  }

  @Route(api.passes.friend)
  friend(@Input() input: RouteInput<typeof api.passes.friend>) {
    return this.passes.friend(input.params.token);
  }

  @Route(api.passes.view)
  view(@Input() input: RouteInput<typeof api.passes.view>) {
    return this.passes.view(input.params.token);
  }

  @Route(api.passes.checkIn)
  checkIn(@Input() input: RouteInput<typeof api.passes.checkIn>, @CurrentActor() actor: Actor) {
    return this.passes.checkIn(actor, input.body);
  }

  @Route(api.passes.doorVenues)
  doorVenues(@Input() _input: RouteInput<typeof api.passes.doorVenues>, @CurrentActor() actor: Actor) {
    return this.doorStaff.venuesOf(actor);
  }

  @Route(api.passes.doorStaff)
  staff(@Input() input: RouteInput<typeof api.passes.doorStaff>, @CurrentActor() actor: Actor) {
    return this.doorStaff.list(actor, input.params.id);
  }

  @Route(api.passes.addDoorStaff)
  addStaff(@Input() input: RouteInput<typeof api.passes.addDoorStaff>, @CurrentActor() actor: Actor) {
    return this.doorStaff.add(actor, input.params.id, input.body.email);
  }

  @Route(api.passes.removeDoorStaff)
  async removeStaff(@Input() input: RouteInput<typeof api.passes.removeDoorStaff>, @CurrentActor() actor: Actor) {
    await this.doorStaff.remove(actor, input.params.id, input.params.userId);
  }
}
