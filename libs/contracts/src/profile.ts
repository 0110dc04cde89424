import { z } from 'zod';

/** Profile rules and messages exactly as docs/product.md#profiles words them. */
export const PROFILE_MESSAGES = {
  ageRequired: 'Age is required',
  ageMin: 'Must be at least 18 years old',
  ageMax: 'Age must be under 100',
  bioMin: 'Bio must be at least 10 characters',
  bioMax: 'Bio must be less than 500 characters',
  imagesMax: 'Maximum 6 images allowed',
  imagePath: 'Not a photo of this account',
  userId: 'Not a valid user id',
  saveFailed: 'Failed to update profile',
  uploadFailed: 'Failed to process uploaded image',
  notAnImage: 'The file is not an image (JPEG, PNG, WebP or GIF)',
  tooLarge: 'The image must be at most 10 MB',
  uploadMissing: 'No uploaded file was found; upload it again',
  notYourUpload: 'Not an upload of this account',
} as const;

/** Upload limit (docs/product.md#profiles): 10 MB per image. */
export const MAX_IMAGE_BYTES = 10_485_760;
/** Image formats accepted, by their content (never by the name or the declared type). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;

export const PROFILE_LIMITS = { ageMin: 18, ageMax: 100, bioMin: 10, bioMax: 500, images: 6 } as const;

/**
 * Where a user's photo is served: `/api/images/users/{userId}/{file}`. The path is what the
 * upload step returns (objectPath) and what `profileImages` holds.
 */
export const USER_IMAGE_PATH = /^\/api\/images\/users\/([0-9a-f-]{36})\/[A-Za-z0-9-]{1,64}\.(jpg|png|webp|gif)$/;
export function userImagePath(userId: string, file: string): string {
  return `/api/images/users/${userId}/${file}`;
}
/** The owner of a photo path, or null when the path is not a user photo path. */
export function ownerOfImagePath(path: string): string | null {
  return USER_IMAGE_PATH.exec(path)?.[1] ?? null;
}

const imagePath = z.string().max(300, PROFILE_MESSAGES.imagePath).regex(USER_IMAGE_PATH, PROFILE_MESSAGES.imagePath);
export const profileImagesSchema = z
  .array(imagePath, { error: PROFILE_MESSAGES.imagesMax })
  .max(PROFILE_LIMITS.images, PROFILE_MESSAGES.imagesMax);

/** `POST /api/profile`: the Profile Details form (images optional: the photos have their own save). */
export const profileSchema = z.object({
  age: z
    .number({
      error: (i) =>
        i.input === undefined || i.input === null || i.input === ''
          ? PROFILE_MESSAGES.ageRequired
          : 'Age must be a number',
    })
    .int('Age must be a whole number')
    .min(PROFILE_LIMITS.ageMin, PROFILE_MESSAGES.ageMin)
    .max(PROFILE_LIMITS.ageMax, PROFILE_MESSAGES.ageMax),
  bio: z
    .string({ error: PROFILE_MESSAGES.bioMin })
    .trim()
    .min(PROFILE_LIMITS.bioMin, PROFILE_MESSAGES.bioMin)
    .max(PROFILE_LIMITS.bioMax, PROFILE_MESSAGES.bioMax),
  images: profileImagesSchema.optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileDto = z.output<typeof profileSchema>;

/** `PUT /api/users/{id}/profile`: the photo list, first is the main photo. */
export const profilePhotosSchema = z.object({ profileImages: profileImagesSchema });
export type ProfilePhotosDto = z.output<typeof profilePhotosSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid({ error: PROFILE_MESSAGES.userId }) });

/** Where an upload waits (unchecked) until `PUT /api/users/{id}/images` accepts it: `staging/users/{id}/{uuid}`. */
export const STAGING_OBJECT = /staging\/users\/([0-9a-f-]{36})\/([0-9a-f-]{36})(?:$|\?)/;

/**
 * The form fields of a presigned POST upload (policy, signature, key…). The browser sends them as
 * given, then `Content-Type` (the file's type: `image/...`) and the file as `file`, last, as a
 * multipart form to the upload URL. The storage itself refuses a file over MAX_IMAGE_BYTES, another
 * object name, another kind of content type, or a form posted after it expired (5 minutes).
 */
export const uploadFieldsSchema = z.record(z.string(), z.string());
/** The content types a presigned POST takes (the policy's `starts-with` condition). */
export const UPLOAD_CONTENT_TYPE_PREFIX = 'image/';
/** `POST /api/users/{id}/upload-url`: where to POST the file (presigned, short-lived), its form fields, and the upload's path. */
export const uploadUrlSchema = z.object({ uploadURL: z.url(), fields: uploadFieldsSchema, objectPath: z.string() });
/** `PUT /api/users/{id}/images`: the upload to check and keep (the objectPath of upload-url). */
export const addImageSchema = z.object({
  imageURL: z
    .string({ error: PROFILE_MESSAGES.notYourUpload })
    .min(1, PROFILE_MESSAGES.notYourUpload)
    .max(2000, PROFILE_MESSAGES.notYourUpload),
});
export const imagePathResultSchema = z.object({ objectPath: z.string() });
export const imageParamsSchema = z.object({
  userId: z.uuid({ error: PROFILE_MESSAGES.userId }),
  file: z.string().regex(/^[A-Za-z0-9-]{1,64}\.(jpg|png|webp|gif)$/, 'Not a photo'),
});
/** What identity answers for a photo: where the browser gets it now; the gateway turns it into a redirect. */
export const imageLocationSchema = z.object({ url: z.url(), maxAgeSeconds: z.number().int().positive() });
