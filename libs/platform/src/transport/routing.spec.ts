import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createLogger } from '../logger';
import { InProcessBroker, InProcessTransport } from './in-process';
import { KafkaTransport } from './kafka';
import { routeOfPattern } from './transport';

const logger = createLogger('routing-test', 'silent');

describe('routeOfPattern: an event type is its own route, without a JSON.parse attempt', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('returns an event type as it is and leaves any other pattern to Nest', () => {
    const nest = jest.fn((p: string) => `nest:${p}`);
    expect(routeOfPattern('bookings.booking-confirmed', nest)).toBe('bookings.booking-confirmed');
    expect(nest).not.toHaveBeenCalled();
    expect(routeOfPattern('{"cmd":"sum"}', nest)).toBe('nest:{"cmd":"sum"}');
    expect(routeOfPattern('no.such-event', nest)).toBe('nest:no.such-event');
  });

  const servers = {
    'the Kafka event server': () =>
      new KafkaTransport({ brokers: ['127.0.0.1:1'], clientId: 'routing-test', logger }).createEventServer({
        groupId: 'routing-test',
      }),
    'the in-process event server': () =>
      new InProcessTransport(new InProcessBroker()).createEventServer({ groupId: 'routing-test' }),
  };

  for (const [name, make] of Object.entries(servers)) {
    it(`${name} finds an event type's handler with no thrown SyntaxError, and still routes JSON patterns`, () => {
      const server = make();
      const handler = jest.fn(async () => undefined);
      server.addHandler('bookings.booking-confirmed', handler as never, true);
      server.addHandler({ cmd: 'sum' }, handler as never, true);
      const parse = jest.spyOn(JSON, 'parse');
      expect(server.getHandlerByPattern('bookings.booking-confirmed')).toBe(handler);
      expect(parse).not.toHaveBeenCalled();
      expect(server.getHandlerByPattern('social.join-request-created')).toBeNull();
      expect(parse).not.toHaveBeenCalled();
      expect(server.getHandlerByPattern('{"cmd":"sum"}')).toBe(handler);
      expect(parse).toHaveBeenCalledWith('{"cmd":"sum"}');
    });
  }
});
