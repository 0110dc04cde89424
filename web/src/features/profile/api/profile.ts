import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, MAX_IMAGE_BYTES, PROFILE_LIMITS, type ProfileInput, type PublicUser } from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';
import { getCurrentUser, setCurrentUser } from '../../../lib/auth-store';
import { getMeQueryOptions } from '../../auth/api/me';
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
    mutationFn: ({ userId, profileImages }: { userId: string; profileImages: string[] }) => callApi(api.users.savePhotos, { params: { id: userId }, body: { profileImages } }),
    onSuccess: (u) => {
      remember(u);
      opts.onSuccess?.(u);
    },
    onError: opts.onError,
  });
}

/** Files the Add Photo button takes (spec doc 1 §5): images of at most 10 MB; others are skipped silently. */
export function acceptablePhotos(files: readonly File[], room: number): File[] {
  return files.filter((f) => f.type.startsWith('image/') && f.size <= MAX_IMAGE_BYTES).slice(0, Math.max(0, room));
}
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
  const { objectPath } = await callApi(api.users.addImage, { params: { id: userId }, body: { imageURL: upload.objectPath } });
  return objectPath;
}
