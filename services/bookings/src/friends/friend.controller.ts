import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { FriendService } from './friend.service';

/** Friends and their invite links. */
@Controller()
export class FriendController {
  constructor(private readonly friends: FriendService) {}

  @Route(api.friends.create)
  create(@Input() input: RouteInput<typeof api.friends.create>, @CurrentActor() actor: Actor) {
    return this.friends.create(actor, input.body);
  }

  @Route(api.friends.uploadUrl)
  uploadUrl(@Input() input: RouteInput<typeof api.friends.uploadUrl>, @CurrentActor() actor: Actor) {
    return this.friends.uploadUrl(actor, input.params.id);
  }

  @Route(api.friends.setPicture)
  setPicture(@Input() input: RouteInput<typeof api.friends.setPicture>, @CurrentActor() actor: Actor) {
    return this.friends.setPicture(actor, input.params.id, input.body.imageURL);
  }

  @Route(api.friends.remove)
  async remove(@Input() input: RouteInput<typeof api.friends.remove>, @CurrentActor() actor: Actor) {
    await this.friends.remove(actor, input.params.id);
  }

  @Route(api.friends.invite)
  invite(@Input() input: RouteInput<typeof api.friends.invite>) {
    return this.friends.invite(input.params.token);
  }

  @Route(api.friends.claim)
  claim(@Input() input: RouteInput<typeof api.friends.claim>, @CurrentActor() actor: Actor) {
    return this.friends.claim(actor, input.params.token, input.body.profilePicture);
  }

  @Route(api.friends.image)
  image(@Input() input: RouteInput<typeof api.friends.image>) {
    return this.friends.location(input.params.friendId, input.params.file);
  }
}
