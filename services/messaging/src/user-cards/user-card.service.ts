import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventData } from '@luxe/contracts';
import { UserErasureService } from '@luxe/platform/db';
import { UserCardRepository } from './user-card.repository';
import { ConversationService } from '../conversations/conversation.service';

/** Keeps the names and photos messaging shows next to conversations. */
@Injectable()
export class UserCardService {
  private readonly erasures = new UserErasureService();
  constructor(
    private readonly cards: UserCardRepository,
    private readonly conversations: ConversationService,
  ) {}

  async upsertFromEvent(
    m: EntityManager,
    d: EventData<'identity.user-registered'> | EventData<'identity.user-profile-updated'>,
  ): Promise<void> {
    await this.cards.upsert(m, {
      userId: d.userId,
      firstName: d.firstName,
      lastName: d.lastName,
      userType: d.userType,
      profileImages: d.profileImages,
    });
  }

  async erase(m: EntityManager, userId: string): Promise<void> {
    await this.conversations.eraseMember(m, userId);
    await this.cards.remove(m, userId);
    await this.erasures.record(m, userId);
  }
}
