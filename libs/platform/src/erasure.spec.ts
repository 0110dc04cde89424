import { Test } from '@nestjs/testing';
import { describe, expect, it, jest } from '@jest/globals';
import { erasureKey, UserErasureHandler } from './erasure';
import { EVENT_RUNTIME, EventRuntime, handledEventTypes } from './transport/on-event';

describe('UserErasureHandler', () => {
  it('handles user-deleted as the consumer "user-erasure" and records the erasure in the inbox transaction', async () => {
    const query = jest.fn<(sql: string, params?: unknown[]) => Promise<unknown[]>>().mockResolvedValue([]);
    const tx = { query };
    const refs: unknown[] = [];
    // A runtime that hands the message straight to the method, as the service runtime does after its checks.
    const runtime: EventRuntime = {
      dispatch: async (ref, data, _ctx, invoke) => {
        refs.push(ref);
        await invoke(data as never, tx as never);
      },
    };
    const mod = await Test.createTestingModule({
      controllers: [UserErasureHandler],
      providers: [{ provide: EVENT_RUNTIME, useValue: runtime }],
    }).compile();
    const userId = '6f1c2c8e-9a4b-4d8e-8f1e-2b3c4d5e6f70';
    const event = {
      id: 'e',
      type: 'identity.user-deleted' as const,
      version: 1,
      stream: 'identity.user',
      sequence: 3,
      occurredAt: '',
      producer: 'identity',
      key: userId,
      data: { userId, deletedAt: '' },
    };
    await mod.get(UserErasureHandler).erase(event, tx as never);
    expect(refs).toEqual([{ consumer: 'user-erasure', type: 'identity.user-deleted' }]);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0][0]).toMatch(/INSERT INTO user_erasures .* ON CONFLICT DO NOTHING/);
    // The checkpoint holds a hash of the id, never the id itself.
    expect(query.mock.calls[0][1]).toEqual([erasureKey(userId)]);
    expect(erasureKey(userId)).toMatch(/^[0-9a-f]{64}$/);
    expect(erasureKey(userId)).not.toContain(userId);
  });

  it('handles only identity.user-deleted', () => {
    expect(handledEventTypes(UserErasureHandler)).toEqual(['identity.user-deleted']);
  });
});
