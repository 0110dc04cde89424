import { readFileSync } from 'node:fs';

/** What the integration global setup hands to the tests. */
export interface Provided {
  gatewayUrl: string;
  /** The gateway's internal metrics listener (METRICS_PORT). */
  gatewayMetricsUrl: string;
  serviceUrls: Record<string, string>;
  dbUrls: Record<string, string>;
  /** The stack's internal key pair (PEM): the test plays a gateway, or a service trying to be one. */
  internalKeys: { privateKey: string; publicKey: string };
  logDir: string;
  /** The signing secret of the stack's Stripe webhook (tests sign the events they send). */
  stripeWebhookSecret: string | null;
  /** Where the stack's payments service sends its Stripe calls (stripe-mock, or localstripe with LUXE_TEST_STRIPE=localstripe). */
  stripeApiBase: string | null;
  /** The stack's first admin account. */
  admin: { email: string; password: string };
  /** The gateway's admin token secret (tests forge expired tokens with it). */
  adminTokenSecret: string;
}

let cached: Provided | undefined;

/** A value the global setup provided (the running stack's URLs and keys). */
export function inject<K extends keyof Provided>(key: K): Provided[K] {
  if (!cached) {
    const file = process.env.LUXE_TEST_PROVIDED;
    if (!file) throw new Error('no test stack: run the integration suite through jest.integration.config.cjs');
    cached = JSON.parse(readFileSync(file, 'utf8')) as Provided;
  }
  return cached[key];
}
