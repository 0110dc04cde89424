import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { generateInternalKeyPair } from '@luxe/platform';

// A missing or bad environment stops the process at start with a message naming each variable.
const ROOT = resolve(__dirname, '..', '..', '..');
const run = (script: string, env: Record<string, string>) =>
  spawnSync(process.execPath, [join(ROOT, script)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('configuration validated at start', () => {
  it('identity names every missing variable and exits 78', () => {
    const r = run('services/identity/dist/main.js', {});
    expect(r.status).toBe(78);
    for (const v of ['PORT', 'DATABASE_URL', 'INTERNAL_AUTH_PUBLIC_KEY']) expect(r.stderr).toContain(v);
    expect(r.stderr).toContain('Invalid configuration for identity');
  });

  it('identity refuses a bad value with the reason, and asks for what its features need', () => {
    const r = run('services/identity/dist/main.js', {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      INTERNAL_AUTH_PUBLIC_KEY: 'short',
      EVENT_TRANSPORT: 'inprocess',
    });
    expect(r.status).toBe(78);
    expect(r.stderr).toMatch(/PORT: must be a port number/);
    expect(r.stderr).toMatch(/DATABASE_URL: must be a URL with one of postgres:, postgresql:/);
    expect(r.stderr).toMatch(/INTERNAL_AUTH_PUBLIC_KEY: must be an Ed25519 public key/);
    expect(r.stderr).toMatch(
      /EVENT_TRANSPORT: must be kafka \(the in-process bus works only inside the embedded launcher/,
    );
  });

  it('identity without Redis or storage configured says so', () => {
    const r = run('services/identity/dist/main.js', {
      PORT: '0',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x',
      INTERNAL_AUTH_PUBLIC_KEY: generateInternalKeyPair().publicKey,
      KAFKA_BROKERS: '127.0.0.1:1',
    });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('REDIS_URL: is required');
    expect(r.stderr).toContain('S3_ENDPOINT: is required');
  });

  it('the gateway names the service URLs it lacks', () => {
    const r = run('gateway/dist/main.js', {
      REDIS_URL: 'memory',
      INTERNAL_AUTH_PRIVATE_KEY: generateInternalKeyPair().privateKey,
    });
    expect(r.status).toBe(78);
    for (const s of ['IDENTITY', 'VENUES', 'BOOKINGS', 'SOCIAL', 'MESSAGING', 'PAYMENTS', 'ADMIN'])
      expect(r.stderr).toContain(`SERVICE_URL_${s}`);
  });
});
