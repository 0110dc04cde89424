import { Injectable } from '@nestjs/common';
import type { ConsumerSpec, EventConsumer } from '@luxe/platform';
import { UserCardService } from './user-card.service';

@Injectable()
export class UserCardConsumer implements EventConsumer {
  constructor(private readonly cards: UserCardService) {}

  consumer(): ConsumerSpec {
    return {
      group: 'messaging.user-cards',
      handlers: {
        'identity.user-registered': (e, m) => this.cards.upsertFromEvent(m, e.data),
        'identity.user-profile-updated': (e, m) => this.cards.upsertFromEvent(m, e.data),
        'identity.user-deleted': (e, m) => this.cards.erase(m, e.data.userId),
      },
    };
  }
}
