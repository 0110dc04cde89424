import { Module } from '@nestjs/common';
import { SocialCatalogConsumer } from './catalog/catalog.consumer';
import { CatalogRepository } from './catalog/catalog.repository';
import { DiscoveryController } from './discovery/discovery.controller';
import { DiscoveryRepository } from './discovery/discovery.repository';
import { DiscoveryService } from './discovery/discovery.service';
import { SocialErasureConsumer } from './erasure.consumer';
import { GuestListConsumer } from './guest-list/guest-list.consumer';
import { GuestListController } from './guest-list/guest-list.controller';
import { GuestListService } from './guest-list/guest-list.service';
import { InviteController } from './invites/invite.controller';
import { InviteRepository } from './invites/invite.repository';
import { InviteService } from './invites/invite.service';
import { JoinRequestController } from './join-requests/join-request.controller';
import { JoinRequestRepository } from './join-requests/join-request.repository';
import { JoinRequestService } from './join-requests/join-request.service';
import { SafetyConsumer } from './safety/safety.consumer';
import { SafetyController } from './safety/safety.controller';
import { SafetyRepository } from './safety/safety.repository';
import { SafetyService } from './safety/safety.service';
import { SwipeController } from './swipes/swipe.controller';
import { SwipeRepository } from './swipes/swipe.repository';
import { SwipeService } from './swipes/swipe.service';

@Module({
  controllers: [
    SocialCatalogConsumer,
    SocialErasureConsumer,
    SafetyConsumer,
    GuestListConsumer,
    JoinRequestController,
    GuestListController,
    InviteController,
    SwipeController,
    DiscoveryController,
    SafetyController,
  ],
  providers: [
    CatalogRepository,
    JoinRequestRepository,
    InviteRepository,
    SwipeRepository,
    DiscoveryRepository,
    SafetyRepository,
    JoinRequestService,
    GuestListService,
    InviteService,
    SwipeService,
    DiscoveryService,
    SafetyService,
  ],
})
export class SocialModule {}
