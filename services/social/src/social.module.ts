import { Module } from '@nestjs/common';
import { SocialCatalogConsumer } from './catalog/catalog.consumer';
import { SocialErasureConsumer } from './erasure.consumer';
import { JoinRequestController } from './join-requests/join-request.controller';
import { JoinRequestRepository } from './join-requests/join-request.repository';
import { JoinRequestService } from './join-requests/join-request.service';

@Module({
  controllers: [SocialCatalogConsumer, SocialErasureConsumer, JoinRequestController],
  providers: [JoinRequestRepository, JoinRequestService],
})
export class SocialModule {}
