import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { PaymentService } from './payment.service';

/** Card payments. */
@Controller()
export class PaymentController {
  constructor(private readonly payments: PaymentService) {}

  @Route(api.payments.config)
  config(@Input() _input: RouteInput<typeof api.payments.config>) {
    return this.payments.config();
  }

  @Route(api.payments.createIntent)
  createIntent(@Input() input: RouteInput<typeof api.payments.createIntent>, @CurrentActor() actor: Actor) {
    return this.payments.createIntent(actor, input.body.hold);
  }

  @Route(api.payments.testConfirm)
  testConfirm(@Input() input: RouteInput<typeof api.payments.testConfirm>, @CurrentActor() actor: Actor) {
    return this.payments.confirmTest(actor, input.params.intentId, input.body);
  }

  @Route(api.payments.stripeWebhook)
  webhook(@Input() input: RouteInput<typeof api.payments.stripeWebhook>) {
    return this.payments.webhook(input.body.payload, input.body.signature);
  }
}
