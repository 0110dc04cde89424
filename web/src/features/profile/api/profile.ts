import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, MAX_IMAGE_BYTES, PROFILE_LIMITS, type ProfileInput, type PublicUser } from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';
import { getCurrentUser, setCurrentUser } from '../../../lib/auth-store';
import { getMeQueryOptions } from '../../../api/me';
import { postUpload } from '../../../lib/upload-form';

/** Keeps the stored user and the cached /me in step with what the server answered. */
function useRememberUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    queryClient.setQueryData(getMeQueryOptions().queryKey, user);
    const stored = getCurrentUser();
    setCurrentUser({ ...user, isNewUser: stored?.isNewUser, profilePic: user.profileImages[0] ?? null });
  };
}

/** POST /api/profile: age and bio. */
export function useUpdateProfile(opts: { onSuccess?: (u: PublicUser) => void; onError?: (e: unknown) => void } = {}) {
  const remember = useRememberUser();
  return useMutation({
    mutationFn: (body: ProfileInput) => callApi(api.users.updateProfile, { body }),
    onSuccess: (u) => {
      remember(u);
      opts.onSuccess?.(u);
    },
    onError: opts.onError,
  });
}

/** PUT /api/users/{id}/profile: the photo list, first is the main photo. */
export function useSavePhotos(opts: { onSuccess?: (u: PublicUser) => void; onError?: (e: unknown) => void } = {}) {
  const remember = useRememberUser();
  return useMutation({
    mutationFn: ({ userId, profileImages }: { userId: string; profileImages: string[] }) =>
      callApi(api.users.savePhotos, { params: { id: userId }, body: { profileImages } }),
    onSuccess: (u) => {
      remember(u);
      opts.onSuccess?.(u);
    },
    onError: opts.onError,
  });
}

/** A file Add Photo did not take, and why. */
export interface SkippedPhoto {
  name: string;
  reason: 'not-image' | 'too-large' | 'no-room';
}

/**
 * Files the Add Photo button takes (docs/product.md#profiles): images of at most 10 MB, as many as
 * there is room for; the others are skipped, and the member is told which and why.
 */
export function sortPhotos(files: readonly File[], room: number): { accepted: File[]; skipped: SkippedPhoto[] } {
  const accepted: File[] = [];
  const skipped: SkippedPhoto[] = [];
  for (const f of files) {
    if (!f.type.startsWith('image/')) skipped.push({ name: f.name, reason: 'not-image' });
    else if (f.size > MAX_IMAGE_BYTES) skipped.push({ name: f.name, reason: 'too-large' });
    else if (accepted.length >= Math.max(0, room)) skipped.push({ name: f.name, reason: 'no-room' });
    else accepted.push(f);
  }
  return { accepted, skipped };
}

export function acceptablePhotos(files: readonly File[], room: number): File[] {
  return sortPhotos(files, room).accepted;
}

const MAX_MB = Math.round(MAX_IMAGE_BYTES / 1024 / 1024);
/** What the toast says of the skipped files: 'notes.txt is not an image. big.jpg is over 10 MB.' */
export function skippedPhotosMessage(skipped: readonly SkippedPhoto[]): string {
  const noRoom = skipped.filter((s) => s.reason === 'no-room').length;
  const each = skipped
    .filter((s) => s.reason !== 'no-room')
    .map((s) => (s.reason === 'not-image' ? `${s.name} is not an image.` : `${s.name} is over ${MAX_MB} MB.`));
  if (noRoom)
    each.push(
      `${noRoom} more ${noRoom === 1 ? 'photo was' : 'photos were'} not added: a profile holds at most ${PROFILE_LIMITS.images}.`,
    );
  return each.join(' ');
}

/**
 * Photos added but not saved yet, per member, while the app runs (docs/product.md#profiles): leaving the
 * Profile tab no longer loses them; Save Photos (or a saved removal) clears them.
 */
const photoDrafts = new Map<string, string[]>();
export const photoDraft = {
  get: (userId: string) => photoDrafts.get(userId),
  set: (userId: string, photos: string[] | null) =>
    photos ? photoDrafts.set(userId, photos) : photoDrafts.delete(userId),
};
export const MAX_PHOTOS = PROFILE_LIMITS.images;

/**
 * Uploads one photo: a presigned POST from the server, the file posted straight to storage with
 * its content type (the storage refuses more than 10 MB), then the server checks and keeps it.
 * Resolves with the photo's path.
 */
export async function uploadPhoto(userId: string, file: File, fetchImpl: typeof fetch = fetch): Promise<string> {
  const upload = await callApi(api.users.uploadUrl, { params: { id: userId } });
  const posted = await postUpload(upload.uploadURL, upload.fields, file, fetchImpl);
  if (!posted.ok) throw new ApiError(posted.status, posted.statusText, '');
  const { objectPath } = await callApi(api.users.addImage, {
    params: { id: userId },
    body: { imageURL: upload.objectPath },
  });
  return objectPath;
}
