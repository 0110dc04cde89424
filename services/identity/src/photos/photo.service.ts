import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AUTH_ERRORS,
  IMAGE_FORMATS,
  MAX_IMAGE_BYTES,
  PROFILE_ERRORS,
  PROFILE_MESSAGES,
  STAGING_OBJECT,
  UPLOAD_CONTENT_TYPE_PREFIX,
  userImagePath,
} from '@luxe/contracts';
import { AppError, type Actor } from '@luxe/platform/http';
import { LOGGER, type Logger, OBJECT_STORAGE, type ObjectStorage } from '@luxe/platform/runtime';
import { requireSelf } from '../users/require-self';
import { acceptStagedImage, ImageRejectedError } from '@luxe/platform/images';

/** Why a staged upload was refused, as the member reads it. */
const REFUSALS = {
  'not-an-image': PROFILE_MESSAGES.notAnImage,
  'too-large': PROFILE_MESSAGES.tooLarge,
  missing: PROFILE_MESSAGES.uploadMissing,
} as const;

/** How long a browser may POST to an upload URL. */
const UPLOAD_URL_SECONDS = 300;

/**
 * Member photos in object storage. The browser POSTs a file straight to storage under
 * `staging/users/{id}/{uuid}` with a short-lived presigned form (the storage refuses more than
 * 10 MB or a non-image content type); `addImage` then checks it (size,
 * an image by content), keeps a clean copy under `users/{id}/{uuid}.{ext}` and deletes the upload,
 * whatever the outcome. Photos are served by a stable path that redirects to the stored file.
 */
@Injectable()
export class PhotosService {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async uploadUrl(
    actor: Actor,
    userId: string,
  ): Promise<{ uploadURL: string; fields: Record<string, string>; objectPath: string }> {
    requireSelf(actor, userId);
    const objectPath = `staging/users/${userId}/${randomUUID()}`;
    const post = await this.storage.presignedPost(objectPath, {
      maxBytes: MAX_IMAGE_BYTES,
      contentTypePrefix: UPLOAD_CONTENT_TYPE_PREFIX,
      expirySeconds: UPLOAD_URL_SECONDS,
    });
    return { uploadURL: post.url, fields: post.fields, objectPath };
  }

  async addImage(actor: Actor, userId: string, imageURL: string): Promise<{ objectPath: string }> {
    requireSelf(actor, userId);
    const m = STAGING_OBJECT.exec(imageURL);
    if (!m) throw AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, { message: PROFILE_MESSAGES.notYourUpload });
    if (m[1] !== userId) throw AppError.of(AUTH_ERRORS.FORBIDDEN);
    try {
      const kept = await acceptStagedImage(this.storage, this.logger, {
        staged: `staging/users/${m[1]}/${m[2]}`,
        target: `users/${userId}/${m[2]}`,
        formats: IMAGE_FORMATS,
        maxBytes: MAX_IMAGE_BYTES,
      });
      return { objectPath: userImagePath(userId, kept.file) };
    } catch (e) {
      if (e instanceof ImageRejectedError)
        throw AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, { message: REFUSALS[e.reason] });
      throw e;
    }
  }

  /** Where the browser gets a photo now (a presigned URL), and how long the redirect may be cached. */
  async location(userId: string, file: string): Promise<{ url: string; maxAgeSeconds: number }> {
    const at = await this.storage.locate(`users/${userId}/${file}`, 'private');
    if (!at) throw AppError.of(PROFILE_ERRORS.IMAGE_NOT_FOUND);
    return at;
  }

  /** Removes every photo and pending upload of a deleted account. */
  async eraseUser(userId: string): Promise<number> {
    const names = [
      ...(await this.storage.list(`users/${userId}/`)),
      ...(await this.storage.list(`staging/users/${userId}/`)),
    ];
    for (const n of names) await this.storage.remove(n);
    return names.length;
  }
}
