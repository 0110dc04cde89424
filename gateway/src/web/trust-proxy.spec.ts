import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, createRedis, generateInternalKeyPair } from '@luxe/platform';
import { gatewayEnvSchema, SERVICES } from '../config';
import { startGateway, type RunningGateway } from '../gateway';
import { trustProxySetting } from './trust-proxy';

const keys = generateInternalKeyPair();
// No service listens there: a request the limit lets through fails at the forward (503), one it
// stops answers 429 before any forward.
const serviceUrls = Object.fromEntries(SERVICES.map((s) => [s, 'http://127.0.0.1:9']));
const registration = {
  email: 'x@example.com',
  password: 'correct-horse',
  firstName: 'A',
  lastName: 'B',
  city: 'Miami, FL',
  state: 'Florida',
  userType: 'guest',
};

describe('TRUST_PROXY', () => {
  it('is none by default; takes a hop count or proxy addresses/CIDRs; refuses true (every hop)', () => {
    expect(trustProxySetting.parse(undefined)).toBe(false);
    for (const v of ['false', 'none', '0', '']) expect(trustProxySetting.parse(v)).toBe(false);
    expect(trustProxySetting.parse('2')).toBe(2);
    expect(trustProxySetting.parse('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    for (const v of ['true', 'TRUE', '11', 'nginx', '10.0.0.0/99', '1.2.3.4,'])
      expect([v, trustProxySetting.safeParse(v).success]).toEqual([v, false]);
    const base = {
      REDIS_URL: 'memory',
      INTERNAL_AUTH_PRIVATE_KEY: keys.privateKey,
      ...Object.fromEntries(SERVICES.map((s) => [`SERVICE_URL_${s.toUpperCase()}`, 'http://127.0.0.1:9'])),
    };
    const refused = gatewayEnvSchema.safeParse({ ...base, TRUST_PROXY: 'true' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['TRUST_PROXY'], message: expect.stringMatching(/^true would trust every hop/) }),
    ]);
    expect(gatewayEnvSchema.parse({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });
});

/**
 * One gateway per configuration, with a registration limit of 3 per address: a client that
 * sends a new X-Forwarded-For each time is still limited on the address the trusted proxy saw.
 */
describe.each([
  { setting: 'false', proxied: false },
  { setting: '1', proxied: true },
  { setting: '127.0.0.1/32,10.1.2.3', proxied: true },
])('per-IP registration limit with TRUST_PROXY=$setting and a spoofed X-Forwarded-For', ({ setting, proxied }) => {
  let gw: RunningGateway;
  beforeAll(async () => {
    gw = await startGateway({
      host: '127.0.0.1',
      port: 0,
      redis: createRedis('memory'),
      logger: createLogger('gateway', 'silent'),
      internalAuthPrivateKey: keys.privateKey,
      serviceUrls,
      serviceTimeoutMs: 500,
      trustProxy: gatewayEnvSchema.shape.TRUST_PROXY.parse(setting),
      rateLimits: { registerPerIp: 3 },
      metrics: false,
      publicCache: false,
    });
  });
  afterAll(() => gw.close());

  it('still holds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The client's own header; behind the proxy, the proxy appends the address it saw (203.0.113.9).
      const spoofed = `198.51.100.${i + 1}`;
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': proxied ? `${spoofed}, 203.0.113.9` : spoofed,
        },
        remoteAddress: proxied ? '127.0.0.1' : '203.0.113.9',
        payload: registration,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });
});
