import { Module } from '@nestjs/common';
import { UserCardConsumer } from './user-cards/user-card.consumer';
import { UserCardRepository } from './user-cards/user-card.repository';
import { UserCardService } from './user-cards/user-card.service';

@Module({ controllers: [UserCardConsumer], providers: [UserCardRepository, UserCardService] })
export class MessagingModule {}
