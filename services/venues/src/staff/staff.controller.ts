import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { StaffService } from './staff.service';

/** Dancers and bartenders of venues. */
@Controller()
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Route(api.staff.dancers)
  dancers(@Input() input: RouteInput<typeof api.staff.dancers>, @CurrentActor() actor: Actor) {
    return this.staff.dancers(actor, input.params.id);
  }

  @Route(api.staff.createDancer)
  createDancer(@Input() input: RouteInput<typeof api.staff.createDancer>, @CurrentActor() actor: Actor) {
    return this.staff.createDancer(actor, input.params.id, input.body);
  }

  @Route(api.staff.updateDancer)
  updateDancer(@Input() input: RouteInput<typeof api.staff.updateDancer>, @CurrentActor() actor: Actor) {
    return this.staff.updateDancer(actor, input.params.id, input.body);
  }

  @Route(api.staff.removeDancer)
  async removeDancer(@Input() input: RouteInput<typeof api.staff.removeDancer>, @CurrentActor() actor: Actor) {
    await this.staff.removeDancer(actor, input.params.id);
  }

  @Route(api.staff.bartenders)
  bartenders(@Input() input: RouteInput<typeof api.staff.bartenders>, @CurrentActor() actor: Actor) {
    return this.staff.bartenders(actor, input.params.id);
  }

  @Route(api.staff.createBartender)
  createBartender(@Input() input: RouteInput<typeof api.staff.createBartender>, @CurrentActor() actor: Actor) {
    return this.staff.createBartender(actor, input.params.id, input.body);
  }

  @Route(api.staff.updateBartender)
  updateBartender(@Input() input: RouteInput<typeof api.staff.updateBartender>, @CurrentActor() actor: Actor) {
    return this.staff.updateBartender(actor, input.params.id, input.body);
  }

  @Route(api.staff.removeBartender)
  async removeBartender(@Input() input: RouteInput<typeof api.staff.removeBartender>, @CurrentActor() actor: Actor) {
    await this.staff.removeBartender(actor, input.params.id);
  }
}
