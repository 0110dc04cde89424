import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { NUL_CHARACTER_MESSAGE } from '@luxe/contracts';
import { AppError, findNulCharacter, parseOrThrow } from './errors';

// schemathesis sent GET /api/available-events?state=%00... : the social service passed the text to
// PostgreSQL, which refused it ("invalid byte sequence for encoding UTF8: 0x00"), and the caller
// got a 502. Every input validated by parseOrThrow (the gateway's and the services') now refuses it.
describe('text holding a NUL character', () => {
  const query = z.object({
    city: z.string().optional(),
    tags: z.array(z.string()).default([]),
    nested: z.object({ bio: z.string() }).optional(),
  });

  it('is refused with a 400 naming the field', () => {
    for (const [input, path] of [
      [{ city: 'Mi\u0000ami' }, 'city'],
      [{ tags: ['ok', 'b\u0000d'] }, 'tags.1'],
      [{ nested: { bio: '\u0000' } }, 'nested.bio'],
    ] as const) {
      let err: unknown;
      try {
        parseOrThrow(query, input);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).toBody()).toMatchObject({
        statusCode: 400,
        code: 'REQUEST.VALIDATION_FAILED',
        message: NUL_CHARACTER_MESSAGE,
        errors: [{ path, message: NUL_CHARACTER_MESSAGE }],
      });
    }
  });

  it('finds it in keys of free-form objects too, and lets everything else through', () => {
    expect(findNulCharacter({ a: { ['k\u0000']: 1 } })).toEqual(['a', 'k\u0000']);
    expect(findNulCharacter({ a: 'x', b: [1, 'y', null], c: new Date(0) })).toBeNull();
    expect(parseOrThrow(query, { city: 'Miami \\u0000 (escaped, not a NUL)' })).toEqual({
      city: 'Miami \\u0000 (escaped, not a NUL)',
      tags: [],
    });
  });
});
