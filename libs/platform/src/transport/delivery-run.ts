import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Deliveries of one partition's fetched batch that wait to be applied together (Kafka's consumer,
 * IntervalCommits): a delivery whose effect is one SQL statement (`@OnEvent`'s `oneStatement`) is
 * added here instead of being applied on its own, and the run's deliveries go to the database as
 * one query when the batch ends, when it is full, or before any other delivery of the partition
 * is handled (which keeps the partition's order). The transport resolves the offsets of a run's
 * messages only once it is flushed.
 */
export class DeliveryRun<T = unknown> {
  private items: T[] = [];
  private together: ((items: T[]) => Promise<void>) | null = null;

  get size(): number {
    return this.items.length;
  }

  /** Adds a delivery that `together` applies with the others added with it (in their order). */
  async add(item: T, together: (items: T[]) => Promise<void>): Promise<void> {
    if (this.together && this.together !== together) await this.flush();
    this.together = together;
    this.items.push(item);
  }

  /** Applies what was added, in order; nothing left after, whatever the outcome. */
  async flush(): Promise<void> {
    const items = this.items;
    const together = this.together;
    this.items = [];
    this.together = null;
    if (items.length && together) await together(items);
  }
}

/** The run of the batch being handled (none outside Kafka's batches: each delivery is applied alone). */
export const deliveryRuns = new AsyncLocalStorage<DeliveryRun<any>>();

/** Most deliveries applied in one query (a batch's run is flushed when it reaches this). */
export const MAX_DELIVERY_RUN = 32;
