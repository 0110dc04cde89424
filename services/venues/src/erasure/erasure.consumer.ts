import { Injectable } from '@nestjs/common';
import { ConsumerSpec, EventConsumer, UserErasureService } from '@luxe/platform';

/** Consumes user-deleted: erases what venues holds of the user and records it. */
@Injectable()
export class ErasureConsumer implements EventConsumer {
  private readonly erasure = new UserErasureService();
  consumer(): ConsumerSpec {
    return {
      group: 'venues.user-erasure',
      handlers: { 'identity.user-deleted': (e, m) => this.erasure.record(m, e.data.userId) },
    };
  }
}
