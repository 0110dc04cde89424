import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserCardConsumer } from './user-cards/user-card.consumer';
import { UserCard } from './user-cards/user-card.entity';
import { UserCardRepository } from './user-cards/user-card.repository';
import { UserCardService } from './user-cards/user-card.service';

@Module({ imports: [TypeOrmModule.forFeature([UserCard])], controllers: [UserCardConsumer], providers: [UserCardRepository, UserCardService] })
export class MessagingModule {}
