import type { Logger } from '../logger';
import type { ObjectStorage } from '../storage';
import { cleanImage, ImageRejectedError, type ImageFormat } from './image-cleaner';

export interface AcceptUploadOptions {
  /** The unchecked upload (`staging/...`), written by the browser through a presigned URL. */
  staged: string;
  /** Where the clean copy goes, without its extension (the format found decides it). */
  target: string;
  formats: readonly ImageFormat[];
  maxBytes: number;
}

/**
 * The second half of a presigned upload, for every kind of photo: the stored object is checked
 * (present, at most `maxBytes`, an image of `formats` by its content), written again without its
 * metadata under `target.<ext>`, and the upload is deleted whatever the outcome. Resolves with the
 * kept object's name; refusals are `ImageRejectedError`.
 */
export async function acceptStagedImage(
  storage: ObjectStorage,
  logger: Logger,
  o: AcceptUploadOptions,
): Promise<{ name: string; file: string }> {
  try {
    const size = await storage.size(o.staged);
    if (size === null) throw new ImageRejectedError('missing');
    if (size > o.maxBytes) throw new ImageRejectedError('too-large');
    const clean = await cleanImage(await storage.get(o.staged), o.formats);
    const name = `${o.target}.${clean.ext}`;
    await storage.put(name, clean.data, clean.contentType);
    return { name, file: name.slice(name.lastIndexOf('/') + 1) };
  } finally {
    // Kept or refused, the unchecked upload goes.
    await storage.remove(o.staged).catch((err) => logger.warn({ err, object: o.staged }, 'could not remove an upload'));
  }
}
