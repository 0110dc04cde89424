import { describe, expect, it, vi } from 'vitest';
import { createErasureConsumer } from './erasure';

describe('createErasureConsumer', () => {
  it('consumes user-deleted in a group named after the service and records the erasure', async () => {
    const Consumer = createErasureConsumer('venues');
    const spec = new Consumer().consumer();
    expect(spec.group).toBe('venues.user-erasure');
    expect(Object.keys(spec.handlers)).toEqual(['identity.user-deleted']);
    const query = vi.fn().mockResolvedValue([]);
    const userId = '6f1c2c8e-9a4b-4d8e-8f1e-2b3c4d5e6f70';
    await spec.handlers['identity.user-deleted']!({ id: 'e', type: 'identity.user-deleted', version: 1, occurredAt: '', producer: 'identity', key: userId, data: { userId, deletedAt: '' } }, { query } as any);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0][0]).toMatch(/INSERT INTO user_erasures .* ON CONFLICT DO NOTHING/);
    expect(query.mock.calls[0][1]).toEqual([userId]);
  });
  it('gives each service its own consumer class', () => {
    expect(createErasureConsumer('a')).not.toBe(createErasureConsumer('b'));
    expect(new (createErasureConsumer('social'))().consumer().group).toBe('social.user-erasure');
  });
});
