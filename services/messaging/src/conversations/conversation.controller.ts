import { Controller, Res } from '@nestjs/common';
import { api, type RouteInput } from '@luxe/contracts';
import { Actor, CurrentActor, Input, Route, sendPage, type PageReply } from '@luxe/platform/http';
import { ConversationService } from './conversation.service';

/** Conversations and messages. */
@Controller()
export class ConversationController {
  constructor(private readonly conversations: ConversationService) {}

  @Route(api.conversations.list)
  list(@Input() input: RouteInput<typeof api.conversations.list>, @CurrentActor() actor: Actor) {
    return this.conversations.list(actor, input.params.id);
  }

  @Route(api.conversations.messages)
  async messages(
    @Input() input: RouteInput<typeof api.conversations.messages>,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: PageReply,
  ) {
    const { limit, cursor } = input.query;
    return sendPage(reply, await this.conversations.messages(actor, input.params.id, { limit, after: cursor }));
  }

  @Route(api.conversations.send)
  send(@Input() input: RouteInput<typeof api.conversations.send>, @CurrentActor() actor: Actor) {
    return this.conversations.send(actor, input.params.id, input.body.content);
  }

  @Route(api.conversations.reportMessage)
  reportMessage(@Input() input: RouteInput<typeof api.conversations.reportMessage>, @CurrentActor() actor: Actor) {
    return this.conversations.reportMessage(actor, input.params.id, input.params.messageId, input.body);
  }

  @Route(api.conversations.read)
  read(@Input() input: RouteInput<typeof api.conversations.read>, @CurrentActor() actor: Actor) {
    return this.conversations.markRead(actor, input.params.id);
  }
}
