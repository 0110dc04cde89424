import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { VenueImageService } from './venue-image.service';

/** Venue photos: uploads, the stable photo paths and the placeholders. */
@Controller()
export class VenueImageController {
  constructor(private readonly images: VenueImageService) {}

  @Route(api.venueImages.uploadUrl)
  uploadUrl(@Input() _input: RouteInput<typeof api.venueImages.uploadUrl>, @CurrentActor() actor: Actor) {
    return this.images.uploadUrl(actor);
  }

  @Route(api.venueImages.add)
  add(@Input() input: RouteInput<typeof api.venueImages.add>, @CurrentActor() actor: Actor) {
    return this.images.add(actor, input.body.imageURL);
  }

  @Route(api.venueImages.image)
  image(@Input() input: RouteInput<typeof api.venueImages.image>) {
    return this.images.location(input.params.ownerId, input.params.file, !!input.query.w);
  }

  @Route(api.venueImages.placeholderYacht)
  placeholderYacht(@Input() input: RouteInput<typeof api.venueImages.placeholderYacht>) {
    return this.images.placeholder('yacht', !!input.query.w);
  }

  @Route(api.venueImages.placeholderVenue)
  placeholderVenue(@Input() input: RouteInput<typeof api.venueImages.placeholderVenue>) {
    return this.images.placeholder('venue', !!input.query.w);
  }

  @Route(api.venueImages.placeholderSection)
  placeholderSection(@Input() input: RouteInput<typeof api.venueImages.placeholderSection>) {
    return this.images.placeholder('section', !!input.query.w);
  }
}
