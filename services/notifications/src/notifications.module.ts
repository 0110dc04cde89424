import { Module } from '@nestjs/common';
import { CardRepository } from './cards/card.repository';
import { EmailRepository } from './email/email.repository';
import { EmailSender } from './email/email.sender';
import { MessageDigest } from './email/message-digest';
import { FactConsumer, MemberConsumer } from './inbox/fact.consumer';
import { NotificationsErasureConsumer } from './erasure.consumer';
import { FactService } from './inbox/fact.service';
import { NotificationController } from './inbox/notification.controller';
import { NotificationRepository } from './inbox/notification.repository';
import { NotificationService } from './inbox/notification.service';
import { ReminderScheduler } from './reminders/reminder.scheduler';

@Module({
  controllers: [MemberConsumer, NotificationsErasureConsumer, FactConsumer, NotificationController],
  providers: [
    CardRepository,
    NotificationRepository,
    EmailRepository,
    EmailSender,
    MessageDigest,
    NotificationService,
    FactService,
    ReminderScheduler,
  ],
})
export class NotificationsModule {}
