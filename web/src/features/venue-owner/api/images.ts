import { api, MAX_IMAGE_BYTES, VENUE_IMAGE_LIMITS } from '@luxe/contracts';
import { callApi, serverMessage } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload-form';

/** Photos of venues, sections and staff (docs/product.md#venues-photos): at most 5 per selection, 10 MB each, JPG, PNG or WebP. */
export const IMAGES_PER_UPLOAD = VENUE_IMAGE_LIMITS.perUpload;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_MESSAGES = {
  noneUploaded: 'No images were uploaded successfully',
  uploadUrl: 'Failed to get upload URL',
  upload: 'Failed to upload image',
  process: 'Failed to process uploaded images',
} as const;

/**
 * The files of one selection that are uploaded: JPG, PNG or WebP of at most 10 MB, the first 5 of
 * them, and no more than there is room for. The others are skipped.
 */
export function acceptableVenueImages(files: readonly File[], room: number): { accepted: File[]; skipped: File[] } {
  const limit = Math.max(0, Math.min(IMAGES_PER_UPLOAD, room));
  const accepted: File[] = [];
  const skipped: File[] = [];
  for (const f of files) {
    const ok =
      (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(f.type) &&
      f.size <= MAX_IMAGE_BYTES &&
      accepted.length < limit;
    (ok ? accepted : skipped).push(f);
  }
  return { accepted, skipped };
}

/** An upload that failed at one step, with the message to show for it. */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/** POST the file to presigned storage with its form fields, reporting progress (0 to 1). */
function postFile(
  url: string,
  fields: Readonly<Record<string, string>>,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadError(UPLOAD_MESSAGES.upload));
    xhr.onerror = () => reject(new UploadError(UPLOAD_MESSAGES.upload));
    xhr.onabort = () => reject(new UploadError(UPLOAD_MESSAGES.upload));
    xhr.send(uploadForm(fields, file));
  });
}

/**
 * Uploads one photo: a presigned POST from the server, the file posted straight to storage (which
 * refuses more than 10 MB), then the server checks and keeps it. Resolves with the photo's path (for `images`); rejects with an
 * UploadError whose message says which step failed (the server's message when it gave one).
 */
export async function uploadVenueImage(
  file: File,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<string> {
  let upload: { uploadURL: string; fields: Record<string, string>; objectPath: string };
  try {
    upload = await callApi(api.venueImages.uploadUrl, {});
  } catch (error) {
    throw new UploadError(serverMessage(error, UPLOAD_MESSAGES.uploadUrl));
  }
  await postFile(upload.uploadURL, upload.fields, file, onProgress);
  onProgress(1);
  try {
    const { objectPath } = await callApi(api.venueImages.add, { body: { imageURL: upload.objectPath } });
    return objectPath;
  } catch (error) {
    throw new UploadError(serverMessage(error, UPLOAD_MESSAGES.process));
  }
}
