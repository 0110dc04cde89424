import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A test-mode PaymentIntent (PAYMENT_PROVIDER=test; migration 1700000042000): `pi_test_…`. */
@Entity('test_payment_intents')
@Check(
  'test_payment_intents_status_check',
  `status IN ('requires_payment_method', 'processing', 'succeeded', 'canceled')`,
)
@Check('test_payment_intents_amount_check', `amount > 0`)
export class TestPaymentIntentEntity {
  @PrimaryColumn('text')
  id!: string;

  /** The key it was created with: the same key again answers this intent. */
  @Index('test_payment_intents_key', { unique: true })
  @Column('text', { name: 'idempotency_key' })
  idempotencyKey!: string;

  /** In cents. */
  @Column('integer')
  amount!: number;

  @Column('text')
  currency!: string;

  /** Stripe's names: requires_payment_method (new or declined), processing, succeeded, canceled. */
  @Column('text')
  status!: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

  @Column('text', { name: 'client_secret' })
  clientSecret!: string;

  @Column('text', { name: 'customer_id', nullable: true })
  customerId!: string | null;

  /** The card that paid it (`pm_test_…`), kept for an off-session charge when set up for it. */
  @Column('text', { name: 'payment_method_id', nullable: true })
  paymentMethodId!: string | null;

  @Column('text', { name: 'setup_future_usage', nullable: true })
  setupFutureUsage!: string | null;

  @Column('jsonb', { default: () => `'{}'` })
  metadata!: Record<string, string>;

  @Column('text', { nullable: true })
  description!: string | null;

  /** The decline message of the last attempt. */
  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A test-mode refund (`re_test_…`). */
@Entity('test_payment_refunds')
@Check('test_payment_refunds_amount_check', `amount > 0`)
export class TestPaymentRefundEntity {
  @PrimaryColumn('text')
  id!: string;

  @Index('test_payment_refunds_key', { unique: true })
  @Column('text', { name: 'idempotency_key' })
  idempotencyKey!: string;

  @Index('test_payment_refunds_intent')
  @Column('text', { name: 'payment_intent_id' })
  paymentIntentId!: string;

  /** In cents. */
  @Column('integer')
  amount!: number;

  @Column('text')
  status!: string;

  @Column('jsonb', { default: () => `'{}'` })
  metadata!: Record<string, string>;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A test-mode customer (`cus_test_…`): a split's host, whose card is kept for the fallback charge. */
@Entity('test_payment_customers')
export class TestPaymentCustomerEntity {
  @PrimaryColumn('text')
  id!: string;

  @Index('test_payment_customers_key', { unique: true })
  @Column('text', { name: 'idempotency_key' })
  idempotencyKey!: string;

  @Column('jsonb', { default: () => `'{}'` })
  metadata!: Record<string, string>;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
