import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationConsumer } from './conversations/conversation.consumer';
import { ConversationController } from './conversations/conversation.controller';
import { ConversationRepository } from './conversations/conversation.repository';
import { ConversationService } from './conversations/conversation.service';
import { UserCardConsumer } from './user-cards/user-card.consumer';
import { MessagingErasureConsumer } from './erasure.consumer';
import { UserCard } from './user-cards/user-card.entity';
import { UserCardRepository } from './user-cards/user-card.repository';
import { UserCardService } from './user-cards/user-card.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserCard])],
  controllers: [UserCardConsumer, MessagingErasureConsumer, ConversationConsumer, ConversationController],
  providers: [UserCardRepository, UserCardService, ConversationRepository, ConversationService],
})
export class MessagingModule {}
