import { ObjectStorage } from '@luxe/platform';

/** The object storage bucket a service of the test stack uses (as infra/scripts/stack.mjs names it). */
export function serviceStorage(service: string): ObjectStorage {
  const prefix = process.env.LUXE_TEST_ID
    ? `luxe_test${process.env.LUXE_TEST_ID.replace(/[^a-z0-9]/g, '')}`
    : 'luxe_test';
  return new ObjectStorage({
    endpoint: process.env.S3_ENDPOINT!,
    accessKey: process.env.S3_ACCESS_KEY!,
    secretKey: process.env.S3_SECRET_KEY!,
    region: process.env.S3_REGION ?? 'us-east-1',
    bucket: `${prefix.replace(/_/g, '-')}-${service}`,
  });
}

/** A JPEG that carries a GPS position and a camera model in its EXIF. */
export async function jpegWithGps(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Leaky 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 46/1 3/1', GPSLongitudeRef: 'W', GPSLongitude: '80/1 11/1 30/1' },
    })
    .toBuffer();
}

/**
 * Posts a file to storage with a presigned POST as the web client does (web/src/lib/upload-form.ts):
 * the answer's fields, the Content-Type, the file last. Resolves with the storage's answer.
 */
export async function postUpload(
  upload: { uploadURL?: string; uploadUrl?: string; fields: Record<string, string> },
  body: Buffer,
  contentType = 'image/jpeg',
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('Content-Type', contentType);
  form.append('file', new Blob([new Uint8Array(body)], { type: contentType }), 'upload');
  return fetch(upload.uploadURL ?? upload.uploadUrl!, { method: 'POST', body: form });
}
