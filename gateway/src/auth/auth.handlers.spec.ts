import { describe, expect, it } from '@jest/globals';
import { api } from '@luxe/contracts';
import type { MeSnapshots } from '@luxe/platform';
import { ImageOrigin } from '../web/static';
import type { GatewayContext } from '../routes/pipeline';
import { authHandlers } from './auth.handlers';
import type { AuthRateLimiter } from './rate-limit';

describe('the photo redirects', () => {
  it("redirect to the file the service names, cacheable as it says, and teach the pages' preconnect its origin", async () => {
    const origin = new ImageOrigin();
    const handlers = authHandlers(
      {} as AuthRateLimiter,
      { name: 'c', secure: false, maxAgeMs: 1 },
      {} as MeSnapshots,
      origin,
    );
    const headers: Record<string, string> = {};
    const reply = { header: (k: string, v: string) => ((headers[k] = v), reply) };
    const ctx = {
      forwardJson: async () => ({
        url: 'http://127.0.0.1:9000/luxe-venues/v/o1/a.jpg?X-Amz-Signature=1',
        maxAgeSeconds: 600,
      }),
      reply,
    } as unknown as GatewayContext;
    for (const route of [api.venueImages.image, api.users.image, api.friends.image])
      expect(await handlers[route.id](ctx)).toBeNull();
    expect(headers).toEqual({
      'cache-control': 'public, max-age=600',
      location: 'http://127.0.0.1:9000/luxe-venues/v/o1/a.jpg?X-Amz-Signature=1',
    });
    expect(origin.get()).toBe('http://127.0.0.1:9000');
  });
});
