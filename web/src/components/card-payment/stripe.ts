// The pure entry: importing '@stripe/stripe-js' itself injects Stripe.js at once (a third-party
// script on every page that bundles it); this one loads it only when getStripe is called, with
// Stripe as the provider (the test provider's checkout loads no third-party script).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per key (never re-created on render). */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
