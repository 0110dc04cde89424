import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { PhotosService } from './photo.service';

/** Uploads and photos of member accounts. */
@Controller()
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @Route(api.users.uploadUrl)
  uploadUrl(@Input() input: RouteInput<typeof api.users.uploadUrl>, @CurrentActor() actor: Actor) {
    return this.photos.uploadUrl(actor, input.params.id);
  }

  @Route(api.users.addImage)
  addImage(@Input() input: RouteInput<typeof api.users.addImage>, @CurrentActor() actor: Actor) {
    return this.photos.addImage(actor, input.params.id, input.body.imageURL);
  }

  @Route(api.users.image)
  image(@Input() input: RouteInput<typeof api.users.image>) {
    return this.photos.location(input.params.userId, input.params.file);
  }
}
