import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PASS_ATTENDEE_KINDS, PASS_CODE_ALPHABET, PASS_CODE_LENGTH, type PassAttendeeKind } from '@luxe/contracts';

/** Who a pass is for: a booking, and its host, an approved guest (user ids) or a named friend (friend id). */
export interface PassSubject {
  bookingId: string;
  kind: PassAttendeeKind;
  attendeeId: string;
}

/** The version of the token's layout (signed with the rest: another layout never verifies as this one). */
const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 + 1 + 16;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/**
 * A pass token: `<payload>.<signature>`, both base64url. The payload is 34 bytes: the layout
 * version, the booking's id (16 bytes), the attendee kind (its index in PASS_ATTENDEE_KINDS) and
 * the attendee's id (16 bytes); the signature is the HMAC-SHA256 of the payload's text under the
 * service's secret. 90 characters: short enough for a URL segment and a small QR code. Anyone can
 * read who it is for; only the service can make one.
 */
export function signPassToken(secret: string, s: PassSubject): string {
  const payload = Buffer.concat([
    Buffer.from([VERSION]),
    uuidBytes(s.bookingId),
    Buffer.from([PASS_ATTENDEE_KINDS.indexOf(s.kind)]),
    uuidBytes(s.attendeeId),
  ]).toString('base64url');
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
  // Signed by us; still checked, so a token of another layout is refused rather than misread.
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES || bytes[0] !== VERSION) return null;
  const kind = PASS_ATTENDEE_KINDS[bytes[17]!];
  if (!kind) return null;
  return { bookingId: uuidOf(bytes.subarray(1, 17)), kind, attendeeId: uuidOf(bytes.subarray(18, 34)) };
}

/** A fresh door code: `PASS_CODE_LENGTH` symbols of the alphabet, each from the system's CSPRNG. */
export function newPassCode(pick: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < PASS_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[pick(PASS_CODE_ALPHABET.length)];
  return code;
}
