import { Injectable } from '@nestjs/common';
import { ConsumerSpec, EventConsumer, UserErasureService } from '@luxe/platform';

/** Consumes user-deleted: erases what payments holds of the user and records it. */
@Injectable()
export class ErasureConsumer implements EventConsumer {
  private readonly erasure = new UserErasureService();
  consumer(): ConsumerSpec {
    return {
      group: 'payments.user-erasure',
      handlers: { 'identity.user-deleted': (e, m) => this.erasure.record(m, e.data.userId) },
    };
  }
}
