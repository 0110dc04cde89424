import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { AUTH_ERRORS, MESSAGING_ERRORS, type ErrorDef } from '@luxe/contracts';
import type { DirectPushes, Outbox } from '@luxe/platform/events';
import type { Actor } from '@luxe/platform/http';
import type { UserCard } from '../user-cards/user-card.entity';
import type { ConversationEntity, MessageEntity } from './conversation.entity';
import type { ConversationRepository } from './conversation.repository';
import { ConversationService } from './conversation.service';

const HOST = 'h0000000-0000-4000-8000-000000000001';
const GUEST = 'g0000000-0000-4000-8000-000000000001';
const STRANGER = 's0000000-0000-4000-8000-000000000001';
const as = (userId: string): Actor => ({ role: 'member', userId, userType: userId === HOST ? 'host' : 'guest' });
const m = {} as EntityManager;
/** A read of the whole thread (no `?limit=`, as the spec's call). */
const WHOLE = { limit: undefined };

const conversation = {
  id: 'conv-1',
  hostId: HOST,
  guestId: GUEST,
  bookingId: 'booking-1',
  lastMessageAt: null,
  eventTitle: 'Velvet',
  eventDate: '2099-06-06',
  createdAt: new Date(0),
} as ConversationEntity;
const message = (senderId: string) =>
  ({
    id: 'msg-1',
    conversationId: 'conv-1',
    senderId,
    content: 'hello',
    read: false,
    createdAt: new Date(0),
  }) as MessageEntity;

/**
 * The service over a fake repository: one conversation between HOST and GUEST (blocked or not),
 * its message `msg-1`, the members' cards, and `unread` messages marked read; the outbox records
 * what was published.
 */
function setup(
  o: {
    blocked?: boolean;
    msg?: MessageEntity;
    cards?: Partial<UserCard>[];
    unread?: number;
    isNew?: boolean;
    commitFails?: boolean;
  } = {},
) {
  const added: MessageEntity[] = [];
  const repo = {
    byId: jest.fn(async (id: string) => (id === conversation.id ? conversation : null)),
    blocked: jest.fn(async () => !!o.blocked),
    withBlock: jest.fn(async (id: string) => (id === conversation.id ? { conversation, blocked: !!o.blocked } : null)),
    addMessage: jest.fn(async (_m: EntityManager, msg: MessageEntity) => void added.push(msg)),
    addMessageStatement: jest.fn((msg: MessageEntity) => ({ sql: 'INSERT message', values: [msg] })),
    message: jest.fn(async (_c: string, id: string) => (o.msg && o.msg.id === id ? o.msg : null)),
    messages: jest.fn(async () => ({ items: o.msg ? [o.msg] : [], nextCursor: null })),
    markRead: jest.fn(async () => o.unread ?? 0),
    ofUser: jest.fn(async () => [conversation]),
    cards: jest.fn(async () => (o.cards ?? []) as UserCard[]),
    unreadCounts: jest.fn(async () => new Map([[conversation.id, 2]])),
    lastMessages: jest.fn(async () => new Map()),
    open: jest.fn(async () => o.isNew ?? true),
    ofPairAndBooking: jest.fn(async () => conversation),
  } as unknown as ConversationRepository;
  const published: { type: string; key: string; data: Record<string, unknown> }[] = [];
  let committed = false;
  const outbox = {
    add: jest.fn(
      async (_m: EntityManager, type: string, key: string, data: Record<string, unknown>) =>
        void published.push({ type, key, data }),
    ),
    // One round trip: the statements and the events are written together, or nothing is.
    writeAtOnce: jest.fn(
      async (
        _ds: DataSource,
        statements: { sql: string; values: unknown[] }[],
        events: { type: string; key: string; data: Record<string, unknown> }[],
      ) => {
        committed = false;
        if (o.commitFails) throw new Error('could not commit');
        for (const st of statements) if (st.sql === 'INSERT message') added.push(st.values[0] as MessageEntity);
        published.push(...events);
        committed = true;
      },
    ),
  } as unknown as Outbox;
  const ds = {
    transaction: jest.fn(async (fn: (m: EntityManager) => Promise<unknown>) => {
      committed = false;
      const r = await fn(m);
      if (o.commitFails) throw new Error('could not commit');
      committed = true;
      return r;
    }),
  } as unknown as DataSource;
  const pushed: { type: string; data: Record<string, unknown>; committed: boolean }[] = [];
  const pushes = {
    afterCommit: jest.fn((type: string, data: Record<string, unknown>) => pushed.push({ type, data, committed })),
  } as unknown as DirectPushes;
  return { service: new ConversationService(ds, repo, outbox, pushes), repo, added, published, pushed };
}

async function refusedWith(p: Promise<unknown>, def: ErrorDef): Promise<void> {
  await expect(p).rejects.toMatchObject({ code: def.code, status: def.status });
}

describe('ConversationService: only the two participants', () => {
  it('answers a stranger, and an unknown conversation, with CONVERSATION_NOT_FOUND for reading, writing, reporting and marking read', async () => {
    const { service, added, published, repo } = setup({ msg: message(HOST) });
    for (const [actor, id] of [
      [as(STRANGER), 'conv-1'],
      [as(GUEST), 'conv-2'],
    ] as const) {
      await refusedWith(service.messages(actor, id, WHOLE), MESSAGING_ERRORS.CONVERSATION_NOT_FOUND);
      await refusedWith(service.send(actor, id, 'hi'), MESSAGING_ERRORS.CONVERSATION_NOT_FOUND);
      await refusedWith(
        service.reportMessage(actor, id, 'msg-1', { reason: 'spam', details: null }),
        MESSAGING_ERRORS.CONVERSATION_NOT_FOUND,
      );
      await refusedWith(service.markRead(actor, id), MESSAGING_ERRORS.CONVERSATION_NOT_FOUND);
    }
    expect([added, published]).toEqual([[], []]);
    expect(repo.messages).not.toHaveBeenCalled();
    expect(repo.markRead).not.toHaveBeenCalled();
  });

  it('refuses an anonymous caller, and lists only the caller’s own conversations (NOT_YOURS)', async () => {
    const { service, repo } = setup();
    await refusedWith(
      service.messages({ role: 'anonymous', userId: null }, 'conv-1', WHOLE),
      AUTH_ERRORS.UNAUTHENTICATED,
    );
    await refusedWith(service.list(as(GUEST), HOST), MESSAGING_ERRORS.NOT_YOURS);
    expect(repo.ofUser).not.toHaveBeenCalled();
  });
});

describe('ConversationService.send', () => {
  it('sends as the session’s user to the other participant: stored and published (message-sent)', async () => {
    for (const [from, to] of [
      [GUEST, HOST],
      [HOST, GUEST],
    ]) {
      const { service, added, published, pushed } = setup();
      const sent = await service.send(as(from!), 'conv-1', 'see you there');
      expect(sent).toMatchObject({ conversationId: 'conv-1', senderId: from, content: 'see you there', read: false });
      expect(added.map((a) => a.id)).toEqual([sent.id]);
      expect(published).toEqual([
        {
          type: 'messaging.message-sent',
          key: 'conv-1',
          data: expect.objectContaining({
            messageId: sent.id,
            senderId: from,
            recipientId: to,
            content: 'see you there',
          }),
        },
      ]);
      // Pushed straight to the open sessions too, the same data, once the transaction is done.
      expect(pushed).toEqual([{ type: 'messaging.message-sent', data: published[0]!.data, committed: true }]);
    }
  });

  it('pushes nothing directly when the transaction fails (the message does not exist)', async () => {
    const { service, pushed } = setup({ commitFails: true });
    await expect(service.send(as(GUEST), 'conv-1', 'lost')).rejects.toThrow('could not commit');
    expect(pushed).toEqual([]);
  });

  it('refuses a new message in a blocked conversation (UNAVAILABLE), which stays readable', async () => {
    const { service, added, published } = setup({ blocked: true, msg: message(HOST) });
    await refusedWith(service.send(as(GUEST), 'conv-1', 'hi'), MESSAGING_ERRORS.UNAVAILABLE);
    expect([added, published]).toEqual([[], []]);
    expect((await service.messages(as(GUEST), 'conv-1', WHOLE)).items).toHaveLength(1);
  });
});

describe('ConversationService.reportMessage', () => {
  it('reports the other participant’s message with its words as they were (message-reported)', async () => {
    const { service, published } = setup({ msg: message(HOST) });
    const report = await service.reportMessage(as(GUEST), 'conv-1', 'msg-1', { reason: 'harassment', details: 'rude' });
    expect(report).toMatchObject({
      kind: 'message',
      reporterId: GUEST,
      reportedUserId: HOST,
      reason: 'harassment',
      details: 'rude',
      messageId: 'msg-1',
    });
    expect(published).toEqual([
      {
        type: 'messaging.message-reported',
        key: report.id,
        data: expect.objectContaining({
          reportId: report.id,
          conversationId: 'conv-1',
          content: 'hello',
          reportedUserId: HOST,
        }),
      },
    ]);
  });

  it('refuses one’s own message (OWN_MESSAGE) and a message not in the conversation (MESSAGE_NOT_FOUND)', async () => {
    const own = setup({ msg: message(GUEST) });
    await refusedWith(
      own.service.reportMessage(as(GUEST), 'conv-1', 'msg-1', { reason: 'spam', details: null }),
      MESSAGING_ERRORS.OWN_MESSAGE,
    );
    const missing = setup({ msg: message(HOST) });
    await refusedWith(
      missing.service.reportMessage(as(GUEST), 'conv-1', 'msg-2', { reason: 'spam', details: null }),
      MESSAGING_ERRORS.MESSAGE_NOT_FOUND,
    );
    expect([own.published, missing.published]).toEqual([[], []]);
  });
});

describe('ConversationService.markRead', () => {
  it('publishes conversation-read only when something was unread', async () => {
    const some = setup({ unread: 3 });
    expect(await some.service.markRead(as(GUEST), 'conv-1')).toEqual({ unreadCount: 0 });
    expect(some.published.map((p) => [p.type, p.data.readerId])).toEqual([['messaging.conversation-read', GUEST]]);
    const none = setup({ unread: 0 });
    expect(await none.service.markRead(as(GUEST), 'conv-1')).toEqual({ unreadCount: 0 });
    expect(none.published).toEqual([]);
  });
});

describe('ConversationService: opening', () => {
  it('announces a conversation only when it is new (a redelivered event finds it there)', async () => {
    const first = setup({ isNew: true });
    await first.service.open(m, HOST, GUEST, 'booking-1');
    expect(first.published.map((p) => p.type)).toEqual(['messaging.conversation-opened']);
    const again = setup({ isNew: false });
    await again.service.open(m, HOST, GUEST, 'booking-1');
    expect(again.published).toEqual([]);
  });

  it('a match makes the member whose card says host the host, whichever order the pair comes in', async () => {
    const { service, repo } = setup({
      cards: [
        { userId: HOST, userType: 'host' },
        { userId: GUEST, userType: 'guest' },
      ],
    });
    await service.openForMatch(m, [GUEST, HOST]);
    expect((repo.open as jest.Mock).mock.calls[0]![1]).toMatchObject({ hostId: HOST, guestId: GUEST, bookingId: null });
  });
});

describe('ConversationService.list', () => {
  it('shows each conversation from the caller’s side: his role, the other member (a stand-in before his card), unread count and the event', async () => {
    const [view] = await setup().service.list(as(GUEST), GUEST);
    expect(view).toMatchObject({
      id: 'conv-1',
      viewerRole: 'guest',
      unreadCount: 2,
      otherUser: { id: HOST, firstName: 'Host', lastName: '' },
      event: { title: 'Velvet', date: '2099-06-06' },
      lastMessage: null,
    });
    const [named] = await setup({
      cards: [{ userId: GUEST, firstName: 'Ann', lastName: 'Lee', profileImages: [] }],
    }).service.list(as(HOST), HOST);
    expect(named).toMatchObject({ viewerRole: 'host', otherUser: { id: GUEST, firstName: 'Ann', lastName: 'Lee' } });
  });
});
