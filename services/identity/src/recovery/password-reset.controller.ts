import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Input, Route } from '@luxe/platform/http';
import { PasswordResetService } from './password-reset.service';

/** `/api/auth/password-reset*`: public, limited by the gateway. */
@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Route(api.auth.requestPasswordReset)
  request(@Input() input: RouteInput<typeof api.auth.requestPasswordReset>) {
    return this.resets.request(input.body.email);
  }

  @Route(api.auth.resetPassword)
  async reset(@Input() input: RouteInput<typeof api.auth.resetPassword>) {
    await this.resets.reset(input.body);
  }
}
