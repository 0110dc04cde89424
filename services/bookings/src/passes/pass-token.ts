import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PASS_ATTENDEE_KINDS, PASS_CODE_ALPHABET, PASS_CODE_LENGTH, type PassAttendeeKind } from '@luxe/contracts';

/** Who a pass is for: a booking, and its host, an approved guest (user ids) or a named friend (friend id). */
export interface PassSubject {
  bookingId: string;
  kind: PassAttendeeKind;
  attendeeId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The version of the token's layout (signed with the rest: another layout never verifies as this one). */
const VERSION = 'p1';

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/**
 * A pass token: `<payload>.<signature>`, where the payload is the base64url of
 * `p1:<bookingId>:<kind>:<attendeeId>` and the signature the base64url of its HMAC-SHA256 under
 * the service's secret. Anyone can read who it is for; only the service can make one.
 */
export function signPassToken(secret: string, s: PassSubject): string {
  const payload = Buffer.from(`${VERSION}:${s.bookingId}:${s.kind}:${s.attendeeId}`, 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Who the token is for, or null when it was not made with this secret (forged, tampered, cut). */
export function verifyPassToken(secret: string, token: string): PassSubject | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Signed by us; still checked, so a token of an older layout is refused rather than misread.
  const fields = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (fields.length !== 4 || fields[0] !== VERSION) return null;
  const [, bookingId, kind, attendeeId] = fields as [string, string, string, string];
  if (!UUID.test(bookingId) || !UUID.test(attendeeId) || !(PASS_ATTENDEE_KINDS as readonly string[]).includes(kind)) return null;
  return { bookingId, kind: kind as PassAttendeeKind, attendeeId };
}

/** A fresh door code: `PASS_CODE_LENGTH` symbols of the alphabet, each from the system's CSPRNG. */
export function newPassCode(pick: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < PASS_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[pick(PASS_CODE_ALPHABET.length)];
  return code;
}
