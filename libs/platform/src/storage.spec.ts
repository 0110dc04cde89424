import { describe, expect, it, jest } from '@jest/globals';
import {
  ObjectStorage,
  STORED_FILE_MAX_AGE_SECONDS,
  STORED_FILE_REDIRECT_SECONDS,
  STORED_FILE_URL_WINDOW_SECONDS,
} from './storage';

// Presigning needs no server (the region is given); `size` (a HEAD of the object) is stubbed.
function storage(exists = true): ObjectStorage {
  const s = new ObjectStorage({
    endpoint: 'http://127.0.0.1:9',
    publicEndpoint: 'https://photos.example',
    accessKey: 'key',
    secretKey: 'secret-key',
    region: 'us-east-1',
    bucket: 'luxe-venues',
  });
  jest.spyOn(s, 'size').mockResolvedValue(exists ? 1234 : null);
  return s;
}

const windowMs = STORED_FILE_URL_WINDOW_SECONDS * 1000;
const start = Date.UTC(2026, 10, 27, 20, 0, 0);
expect(start % windowMs).toBe(0);

describe('ObjectStorage.locate', () => {
  it('names the same signed URL for every request within a window, and a new one in the next', async () => {
    const s = storage();
    const first = await s.locate('venues/o/a.webp', 'public', start + 1_000);
    const later = await s.locate('venues/o/a.webp', 'public', start + windowMs - 1);
    const next = await s.locate('venues/o/a.webp', 'public', start + windowMs);
    expect(first?.url).toBe(later?.url);
    expect(next?.url).not.toBe(first?.url);
    expect(first?.maxAgeSeconds).toBe(STORED_FILE_REDIRECT_SECONDS);
  });

  it('signs for the public host, valid two windows from the window start, asking for a year-long immutable lifetime', async () => {
    const url = new URL((await storage().locate('users/u/b.jpg', 'private', start + 123_456))!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://photos.example/luxe-venues/users/u/b.jpg');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261127T200000Z');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(2 * STORED_FILE_URL_WINDOW_SECONDS);
    expect(url.searchParams.get('response-cache-control')).toBe(
      `private, max-age=${STORED_FILE_MAX_AGE_SECONDS}, immutable`,
    );
  });

  it('answers null for an object that is not stored', async () => {
    expect(await storage(false).locate('venues/o/missing.webp', 'public', start)).toBeNull();
  });
});
