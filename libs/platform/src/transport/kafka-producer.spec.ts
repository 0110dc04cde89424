import { describe, expect, it, jest } from '@jest/globals';
import { KafkaJSConnectionError, KafkaJSNonRetriableError, KafkaJSProtocolError } from 'kafkajs';
import { createLogger } from '../logger';
import { KafkaTransport, producerStateLost } from './kafka';

// kafkajs's own errors, built the way its producer throws them: the protocol error of the broker's
// answer, wrapped by its retrier in a KafkaJSNonRetriableError whose cause it is.
const protocolError = (type: string, code: number) =>
  new KafkaJSProtocolError({ type, code, retriable: false, message: `broker says ${type}` } as never);
// kafkajs's types leave out the constructor's options, which its errors.js takes ({ cause }).
const NonRetriable = KafkaJSNonRetriableError as unknown as new (
  e: Error,
  o: { cause: Error },
) => KafkaJSNonRetriableError;
const wrapped = (e: Error) => new NonRetriable(e, { cause: e });

/** A fake kafkajs client: each producer() is a new fake whose sends follow `script` (one entry per send, over all producers). */
function fakeKafka(script: (Error | null)[]) {
  const producers: { connected: boolean; disconnected: boolean; sent: unknown[] }[] = [];
  let sends = 0;
  return {
    producers,
    kafka: {
      producer: () => {
        const p = { connected: false, disconnected: false, sent: [] as unknown[] };
        producers.push(p);
        return {
          connect: async () => void (p.connected = true),
          disconnect: async () => void (p.disconnected = true),
          sendBatch: async (batch: unknown) => {
            const outcome = script[sends++] ?? null;
            if (outcome) throw outcome;
            p.sent.push(batch);
          },
        };
      },
      admin: () => ({ connect: async () => undefined, disconnect: async () => undefined }),
    },
  };
}

async function transportWith(script: (Error | null)[]) {
  const fake = fakeKafka(script);
  const logger = createLogger('kafka-producer-spec', 'silent');
  const warn = jest.spyOn(logger, 'warn');
  const t = new KafkaTransport({ brokers: ['127.0.0.1:1'], clientId: 'spec', logger });
  (t as unknown as { kafka: unknown }).kafka = fake.kafka;
  await t.connect();
  return { t, fake, warn };
}

const message = (n: number) => ({ topic: 'platform.test.v1', key: `k${n}`, value: `{"n":${n}}` });

describe("KafkaTransport.publish when the broker lost the producer's sequence", () => {
  it('recognises the errors after which the producer id is of no use, wrapped or not, and nothing else', () => {
    expect(producerStateLost(wrapped(protocolError('OUT_OF_ORDER_SEQUENCE_NUMBER', 45)))).toBe(true);
    expect(producerStateLost(protocolError('UNKNOWN_PRODUCER_ID', 59))).toBe(true);
    expect(producerStateLost(wrapped(protocolError('INVALID_PRODUCER_EPOCH', 47)))).toBe(true);
    expect(producerStateLost(wrapped(protocolError('NOT_LEADER_FOR_PARTITION', 6)))).toBe(false);
    expect(producerStateLost(new KafkaJSConnectionError('Connection error: connect ECONNREFUSED'))).toBe(false);
    expect(producerStateLost(new Error('out of order'))).toBe(false);
  });

  it('replaces the producer (a new producer id) and sends the batch again with it', async () => {
    const { t, fake, warn } = await transportWith([wrapped(protocolError('OUT_OF_ORDER_SEQUENCE_NUMBER', 45))]);
    await t.publish([message(1)]);
    expect(fake.producers).toHaveLength(2);
    const [stale, fresh] = fake.producers;
    expect(stale.sent).toHaveLength(0);
    expect(stale.disconnected).toBe(true);
    expect(fresh.connected).toBe(true);
    expect(fresh.sent).toEqual([
      {
        acks: -1,
        topicMessages: [{ topic: 'platform.test.v1', messages: [{ key: 'k1', value: '{"n":1}', headers: {} }] }],
      },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    // Later sends go through the new producer.
    await t.publish([message(2)]);
    expect(fresh.sent).toHaveLength(2);
  });

  it("any other failure is the caller's (the relay retries the rows): no new producer", async () => {
    const { t, fake } = await transportWith([wrapped(protocolError('NOT_LEADER_FOR_PARTITION', 6))]);
    await expect(t.publish([message(1)])).rejects.toThrow('NOT_LEADER_FOR_PARTITION');
    expect(fake.producers).toHaveLength(1);
    expect(fake.producers[0].disconnected).toBe(false);
  });

  it("when the new producer fails too, the failure is the caller's", async () => {
    const { t, fake } = await transportWith([
      protocolError('UNKNOWN_PRODUCER_ID', 59),
      new KafkaJSConnectionError('Connection error'),
    ]);
    await expect(t.publish([message(1)])).rejects.toThrow('Connection error');
    expect(fake.producers).toHaveLength(2);
  });

  it('sends that find the same stale producer at once replace it once', async () => {
    const lost = () => wrapped(protocolError('OUT_OF_ORDER_SEQUENCE_NUMBER', 45));
    const { t, fake } = await transportWith([lost(), lost()]);
    await Promise.all([t.publish([message(1)]), t.publish([message(2)])]);
    expect(fake.producers).toHaveLength(2);
    expect(fake.producers[1].sent).toHaveLength(2);
  });
});
