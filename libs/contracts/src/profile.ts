import { z } from 'zod';

/** Profile rules and messages exactly as spec doc 1 §5 words them. */
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
} as const;

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
export const profileImagesSchema = z.array(imagePath, { error: PROFILE_MESSAGES.imagesMax }).max(PROFILE_LIMITS.images, PROFILE_MESSAGES.imagesMax);

/** `POST /api/profile`: the Profile Details form (images optional: the photos have their own save). */
export const profileSchema = z.object({
  age: z
    .number({ error: (i) => (i.input === undefined || i.input === null || i.input === '' ? PROFILE_MESSAGES.ageRequired : 'Age must be a number') })
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
