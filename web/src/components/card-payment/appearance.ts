import type { StripeElementsOptions } from '@stripe/stripe-js';

/** The dark theme of the provider's card form, with the gold accent. */
export const cardAppearance: StripeElementsOptions['appearance'] = {
  theme: 'night',
  variables: { colorPrimary: '#d4af37', colorBackground: '#171717', colorText: '#f5f5f5', borderRadius: '12px' },
};

/** What a payment page says when no provider takes card payments (the config names none). */
export const CARD_CONFIG_TEXT = {
  title: 'Payment Configuration Error',
  text: 'Card payments are not configured. Please contact support.',
} as const;
