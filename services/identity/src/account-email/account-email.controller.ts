import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';

/** `/api/auth/password-reset*` and `/api/auth/verify-email*`: the account's emailed links (limited by the gateway). */
@Controller()
export class AccountEmailController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly verification: EmailVerificationService,
  ) {}

  @Route(api.auth.requestPasswordReset)
  request(@Input() input: RouteInput<typeof api.auth.requestPasswordReset>) {
    return this.resets.request(input.body.email);
  }

  @Route(api.auth.resetPassword)
  async reset(@Input() input: RouteInput<typeof api.auth.resetPassword>) {
    await this.resets.reset(input.body);
  }

  @Route(api.auth.verifyEmail)
  verifyEmail(@Input() input: RouteInput<typeof api.auth.verifyEmail>) {
    return this.verification.verify(input.body.token);
  }

  @Route(api.auth.resendVerification)
  resendVerification(@Input() _input: RouteInput<typeof api.auth.resendVerification>, @CurrentActor() actor: Actor) {
    return this.verification.resend(actor);
  }
}
