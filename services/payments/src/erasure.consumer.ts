import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, UserErasureService, type EventOf } from '@luxe/platform/events';
import { PaymentService } from './payments/payment.service';
import { SplitService } from './split/split.service';

/** Payments' part of the account-deletion saga (inbox key `payments.user-erasure`), for the card payment and split payments both. */
@EventConsumer('user-erasure')
export class PaymentsErasureConsumer {
  private readonly erasure = new UserErasureService();
  constructor(
    private readonly payments: PaymentService,
    private readonly splits: SplitService,
  ) {}

  @OnEvent('identity.user-deleted')
  async erase(e: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    await this.payments.eraseHost(tx, e.data.userId);
    await this.splits.erase(tx, e.data.userId);
    await this.erasure.record(tx, e.data.userId);
  }
}
