import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { allRoutes, SERVICE_NAMES } from '@luxe/contracts';
import { AuthRateLimiter, ownHandlers } from '@luxe/gateway';
import { MeSnapshots } from '@luxe/platform';
import { contractProblems } from '@luxe/platform';
import { SERVICES } from './services';

describe('the /api contract and its handlers', () => {
  it('every service handler has a contract entry and every entry of a service has one handler', () => {
    expect(SERVICES.map((s) => s.name).sort()).toEqual([...SERVICE_NAMES].sort());
    const problems = SERVICES.flatMap((s) => contractProblems(s.name, s.module, allRoutes));
    expect(problems).toEqual([]);
  });

  it('every entry the gateway owns has its gateway handler, and no gateway handler lacks an entry', () => {
    // Only the handlers' names are read (none runs): the session snapshots and admin tokens are stand-ins.
    const own = ownHandlers(
      new AuthRateLimiter(null, { registerPerIp: 1, loginPerIp: 1, loginFailuresPerAccount: 1, windowSeconds: 1 }),
      { name: 'c', secure: false, maxAgeMs: 1 },
      new MeSnapshots(null as never),
      null as never,
    );
    const owned = allRoutes
      .filter((r) => r.gatewayHandler)
      .map((r) => r.id)
      .sort();
    expect(Object.keys(own).sort()).toEqual(owned);
  });
});
