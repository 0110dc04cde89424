import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { SafetyService } from './safety.service';

/** Message reports from messaging join the member reports (inbox key `social.safety`). */
@EventConsumer('safety')
export class SafetyConsumer {
  constructor(private readonly safety: SafetyService) {}

  @OnEvent('messaging.message-reported')
  reported(e: EventOf<'messaging.message-reported'>, tx: EntityManager) {
    return this.safety.messageReported(tx, e.data);
  }
}
