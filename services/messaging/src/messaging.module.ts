import { Module } from '@nestjs/common';
import { UserCardConsumer } from './user-cards/user-card.consumer';
import { UserCardRepository } from './user-cards/user-card.repository';
import { UserCardService } from './user-cards/user-card.service';

@Module({ providers: [UserCardRepository, UserCardService, UserCardConsumer] })
export class MessagingModule {}
