import { Controller } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route } from '@luxe/platform/http';
import { NotificationService } from './notification.service';

/** The member's notifications and email preferences, an email's unsubscribe link, the demo mailbox. */
@Controller()
export class NotificationController {
  constructor(private readonly notifications: NotificationService) {}

  @Route(api.notifications.list)
  list(@Input() input: RouteInput<typeof api.notifications.list>, @CurrentActor() actor: Actor) {
    return this.notifications.list(actor, input.query.page, input.query.pageSize);
  }

  @Route(api.notifications.unreadCount)
  unreadCount(@Input() _input: RouteInput<typeof api.notifications.unreadCount>, @CurrentActor() actor: Actor) {
    return this.notifications.unreadCount(actor);
  }

  @Route(api.notifications.read)
  read(@Input() input: RouteInput<typeof api.notifications.read>, @CurrentActor() actor: Actor) {
    return this.notifications.markRead(actor, input.params.id);
  }

  @Route(api.notifications.readAll)
  readAll(@Input() _input: RouteInput<typeof api.notifications.readAll>, @CurrentActor() actor: Actor) {
    return this.notifications.markAllRead(actor);
  }

  @Route(api.notifications.preferences)
  preferences(@Input() _input: RouteInput<typeof api.notifications.preferences>, @CurrentActor() actor: Actor) {
    return this.notifications.preferences(actor);
  }

  @Route(api.notifications.setPreferences)
  setPreferences(@Input() input: RouteInput<typeof api.notifications.setPreferences>, @CurrentActor() actor: Actor) {
    return this.notifications.setPreferences(actor, input.body);
  }

  @Route(api.notifications.unsubscribe)
  unsubscribe(@Input() input: RouteInput<typeof api.notifications.unsubscribe>) {
    return this.notifications.unsubscribe(input.body.token, input.body.kind);
  }

  @Route(api.notifications.demoMailbox)
  demoMailbox() {
    return this.notifications.demoMailbox();
  }
}
