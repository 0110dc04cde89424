import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { SocialModule } from './social.module';
import { EventCard, MemberCard } from './catalog/catalog.entity';
import { JoinRequestEntity } from './join-requests/join-request.entity';

export const socialService: ServiceDefinition = {
  name: 'social',
  module: SocialModule,
  migrations,
  entities: [EventCard, MemberCard, JoinRequestEntity],
};
