import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, serviceEnvSchema } from './config';
import { generateInternalKeyPair } from './internal-auth';

const KEYS = generateInternalKeyPair();

const good = {
  PORT: '3101',
  DATABASE_URL: 'postgres://luxe:luxe@127.0.0.1:5432/identity',
  INTERNAL_AUTH_PUBLIC_KEY: KEYS.publicKey,
  KAFKA_BROKERS: '127.0.0.1:9092',
};

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig('identity', serviceEnvSchema, env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig(serviceEnvSchema)', () => {
  it('takes an empty variable as unset: its default applies, and a required one is named as not set', () => {
    expect(loadConfig('identity', serviceEnvSchema, { ...good, OUTBOX_POLL_MS: '' }).OUTBOX_POLL_MS).toBe(
      loadConfig('identity', serviceEnvSchema, { ...good }).OUTBOX_POLL_MS,
    );
    expect(configError({ ...good, DATABASE_URL: '' }).problems.join('\n')).toMatch(/DATABASE_URL: .*/);
  });

  it('parses a good environment and fills the defaults', () => {
    const c = loadConfig('identity', serviceEnvSchema, { ...good });
    expect(c).toMatchObject({
      PORT: 3101,
      DATABASE_URL: good.DATABASE_URL,
      INTERNAL_AUTH_PUBLIC_KEY: good.INTERNAL_AUTH_PUBLIC_KEY,
      KAFKA_BROKERS: '127.0.0.1:9092',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      EVENT_TRANSPORT: 'kafka',
      S3_REGION: 'us-east-1',
      OUTBOX_POLL_MS: 200,
      CONSUMER_MAX_ATTEMPTS: 4,
      CONSUMER_BACKOFF_MS: 200,
    });
    expect(typeof c.PORT).toBe('number');
  });

  it('refuses the in-process bus in a service process of its own (each would have a private bus)', () => {
    const e = configError({ ...good, EVENT_TRANSPORT: 'inprocess' });
    expect(e.problems).toEqual([
      'EVENT_TRANSPORT: must be kafka (the in-process bus works only inside the embedded launcher, npm start)',
    ]);
  });

  it('names a missing DATABASE_URL', () => {
    const { DATABASE_URL: _d, ...rest } = good;
    const e = configError(rest);
    expect(e.component).toBe('identity');
    expect(e.message).toContain('Invalid configuration for identity');
    expect(e.message).toContain('DATABASE_URL');
    expect(e.problems).toEqual(['DATABASE_URL: is required (not set)']);
  });

  it('refuses a DATABASE_URL with the wrong protocol', () => {
    const e = configError({ ...good, DATABASE_URL: 'mysql://x/y' });
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0]).toMatch(/^DATABASE_URL: must be a URL with one of postgres:, postgresql:/);
  });

  it.each(['abc', '70000', '-1', '3.5'])('names a bad PORT %j', (port) => {
    const e = configError({ ...good, PORT: port });
    expect(e.message).toContain('PORT');
    expect(e.problems.every((p) => p.startsWith('PORT: '))).toBe(true);
  });

  it('names a missing PORT', () => {
    const { PORT: _p, ...rest } = good;
    expect(configError(rest).message).toContain('PORT');
  });

  it('refuses an internal public key that is not an Ed25519 public key, and a private key given to a service', () => {
    const e = configError({ ...good, INTERNAL_AUTH_PUBLIC_KEY: 'too-short' });
    expect(e.problems).toEqual([
      'INTERNAL_AUTH_PUBLIC_KEY: must be an Ed25519 public key (PEM, or the base64 of its DER); make one with: npm run keys:internal',
    ]);
    const p = configError({ ...good, INTERNAL_AUTH_PUBLIC_KEY: KEYS.privateKey });
    expect(p.problems[0]).toMatch(/^INTERNAL_AUTH_PUBLIC_KEY: must be an Ed25519 public key/);
    const s = configError({ ...good, INTERNAL_AUTH_PRIVATE_KEY: KEYS.privateKey });
    expect(s.problems).toEqual([
      'INTERNAL_AUTH_PRIVATE_KEY: must not be given to a service (only the gateway signs internal calls; a service gets INTERNAL_AUTH_PUBLIC_KEY)',
    ]);
  });

  it('names KAFKA_BROKERS when EVENT_TRANSPORT=kafka has none', () => {
    const { KAFKA_BROKERS: _k, ...rest } = good;
    const e = configError({ ...rest, EVENT_TRANSPORT: 'kafka' });
    expect(e.problems).toEqual(['KAFKA_BROKERS: is required when EVENT_TRANSPORT=kafka (not set)']);
    // kafka is also the default
    expect(configError(rest).message).toContain('KAFKA_BROKERS');
  });

  it('names every offending variable at once', () => {
    const e = configError({ PORT: 'x', INTERNAL_AUTH_PUBLIC_KEY: 'short', KAFKA_BROKERS: 'k:1' });
    for (const v of ['PORT', 'DATABASE_URL', 'INTERNAL_AUTH_PUBLIC_KEY']) expect(e.message).toContain(v);
  });

  // Regression: cross-field rules must run even when another variable is bad.
  it('names KAFKA_BROKERS together with another bad variable', () => {
    const { KAFKA_BROKERS: _k, ...rest } = good;
    const e = configError({ ...rest, PORT: 'abc' });
    expect(e.message).toContain('PORT');
    expect(e.message).toContain('KAFKA_BROKERS');
  });
});

describe('settings that used to be read raw', () => {
  it('validates SEED_DEMO_DATA, DEMO_PASSWORD and OUTBOX_RELAY_FAULT with defaults', () => {
    const defaults = loadConfig('identity', serviceEnvSchema, { ...good });
    expect(defaults).toMatchObject({ SEED_DEMO_DATA: false, DEMO_PASSWORD: 'luxeswipe-demo' });
    expect(defaults.OUTBOX_RELAY_FAULT).toBeUndefined();
    expect(
      loadConfig('identity', serviceEnvSchema, {
        ...good,
        SEED_DEMO_DATA: 'true',
        DEMO_PASSWORD: 'another-secret',
        OUTBOX_RELAY_FAULT: 'crash-after-publish',
      }),
    ).toMatchObject({
      SEED_DEMO_DATA: true,
      DEMO_PASSWORD: 'another-secret',
      OUTBOX_RELAY_FAULT: 'crash-after-publish',
    });
    const e = configError({ ...good, SEED_DEMO_DATA: 'yes', DEMO_PASSWORD: 'short', OUTBOX_RELAY_FAULT: 'explode' });
    expect(e.problems.join('\n')).toMatch(/SEED_DEMO_DATA: must be true or false/);
    expect(e.problems.join('\n')).toMatch(/DEMO_PASSWORD: must be at least 8 characters/);
    expect(e.problems.join('\n')).toMatch(/OUTBOX_RELAY_FAULT: must be crash-after-publish or unset/);
  });

  it('refuses in production: memory Redis, demo seeding with the default password, the relay fault', () => {
    const e = configError({
      ...good,
      NODE_ENV: 'production',
      REDIS_URL: 'memory',
      SEED_DEMO_DATA: 'true',
      OUTBOX_RELAY_FAULT: 'crash-after-publish',
    });
    const text = e.problems.join('\n');
    expect(text).toContain('REDIS_URL: must be a real Redis in production');
    expect(text).toContain('SEED_DEMO_DATA: must be false in production');
    expect(text).toContain('DEMO_PASSWORD: must not be the documented default in production');
    expect(text).toContain('OUTBOX_RELAY_FAULT: is a test fault and is refused in production');
    // the same settings are fine outside production
    expect(() =>
      loadConfig('identity', serviceEnvSchema, { ...good, REDIS_URL: 'memory', SEED_DEMO_DATA: 'true' }),
    ).not.toThrow();
    expect(() =>
      loadConfig('identity', serviceEnvSchema, { ...good, NODE_ENV: 'production', REDIS_URL: 'redis://r:6379' }),
    ).not.toThrow();
  });
});

describe('Kafka durability settings', () => {
  it('defaults to one replica locally and refuses more in-sync replicas than replicas', () => {
    expect(loadConfig('identity', serviceEnvSchema, { ...good })).toMatchObject({
      KAFKA_REPLICATION_FACTOR: 1,
      KAFKA_MIN_INSYNC_REPLICAS: 1,
    });
    expect(
      loadConfig('identity', serviceEnvSchema, {
        ...good,
        KAFKA_REPLICATION_FACTOR: '3',
        KAFKA_MIN_INSYNC_REPLICAS: '2',
      }),
    ).toMatchObject({ KAFKA_REPLICATION_FACTOR: 3, KAFKA_MIN_INSYNC_REPLICAS: 2 });
    expect(
      configError({ ...good, KAFKA_REPLICATION_FACTOR: '1', KAFKA_MIN_INSYNC_REPLICAS: '2' }).problems.join('\n'),
    ).toContain('KAFKA_MIN_INSYNC_REPLICAS: must not exceed KAFKA_REPLICATION_FACTOR');
  });
});
