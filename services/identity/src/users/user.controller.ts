import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { UsersService } from './user.service';

/** Identity's part of the /api contract; the gateway calls it with the caller's actor. */
@Controller()
export class UsersController {
  constructor(private readonly auth: UsersService) {}

  @Route(api.auth.register)
  register(@Input() input: RouteInput<typeof api.auth.register>) {
    return this.auth.register(input.body);
  }

  @Route(api.auth.login)
  login(@Input() input: RouteInput<typeof api.auth.login>) {
    return this.auth.login(input.body);
  }

  @Route(api.auth.logout)
  async logout(@Input() _input: RouteInput<typeof api.auth.logout>, @CurrentActor() actor: Actor) {
    await this.auth.logout(actor);
  }

  @Route(api.auth.me)
  me(@Input() _input: RouteInput<typeof api.auth.me>, @CurrentActor() actor: Actor) {
    return this.auth.me(actor);
  }

  @Route(api.users.updateProfile)
  updateProfile(@Input() input: RouteInput<typeof api.users.updateProfile>, @CurrentActor() actor: Actor) {
    return this.auth.updateProfile(actor, input.body);
  }

  @Route(api.users.savePhotos)
  savePhotos(@Input() input: RouteInput<typeof api.users.savePhotos>, @CurrentActor() actor: Actor) {
    return this.auth.savePhotos(actor, input.params.id, input.body.profileImages);
  }

  @Route(api.users.deleteAccount)
  async deleteAccount(@Input() input: RouteInput<typeof api.users.deleteAccount>, @CurrentActor() actor: Actor) {
    await this.auth.deleteAccount(actor, input.params.id);
  }
}
