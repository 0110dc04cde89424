import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { SocialModule } from './social.module';
import { EventCard, MemberCard } from './catalog/catalog.entity';
import { InviteEntity } from './invites/invite.entity';
import { JoinRequestEntity } from './join-requests/join-request.entity';
import { BlockEntity, ReportEntity } from './safety/safety.entity';
import { SwipeEntity } from './swipes/swipe.entity';

export const socialService: ServiceDefinition = {
  name: 'social',
  module: SocialModule,
  migrations,
  entities: [EventCard, MemberCard, JoinRequestEntity, InviteEntity, SwipeEntity, BlockEntity, ReportEntity],
};
