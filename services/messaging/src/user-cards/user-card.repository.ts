import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { UserCard } from './user-card.entity';

export type UserCardData = Pick<UserCard, 'userId' | 'firstName' | 'lastName' | 'userType' | 'profileImages'>;

/** Every query on user cards; writes run in the event's inbox transaction. */
@Injectable()
export class UserCardRepository {
  constructor(@InjectRepository(UserCard) private readonly cards: Repository<UserCard>) {}

  async upsert(m: EntityManager, c: UserCardData): Promise<void> {
    await m.upsert(UserCard, { ...c, updatedAt: new Date() }, { conflictPaths: ['userId'] });
  }

  async remove(m: EntityManager, userId: string): Promise<void> {
    await m.delete(UserCard, { userId });
  }

  find(userId: string): Promise<UserCard | null> {
    return this.cards.findOneBy({ userId });
  }
}
