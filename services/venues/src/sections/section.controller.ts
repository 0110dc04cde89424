import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { SectionService } from './section.service';

/** Sections and VIP rooms of venues. */
@Controller()
export class SectionController {
  constructor(private readonly sections: SectionService) {}

  @Route(api.venues.sections)
  list(@Input() input: RouteInput<typeof api.venues.sections>, @CurrentActor() actor: Actor) {
    return this.sections.list(actor, input.params.id);
  }

  @Route(api.venues.createSection)
  create(@Input() input: RouteInput<typeof api.venues.createSection>, @CurrentActor() actor: Actor) {
    return this.sections.create(actor, input.params.id, input.body);
  }

  @Route(api.venues.updateSection)
  update(@Input() input: RouteInput<typeof api.venues.updateSection>, @CurrentActor() actor: Actor) {
    return this.sections.update(actor, input.params.id, input.body);
  }

  @Route(api.venues.removeSection)
  async remove(@Input() input: RouteInput<typeof api.venues.removeSection>, @CurrentActor() actor: Actor) {
    await this.sections.remove(actor, input.params.id);
  }
}
