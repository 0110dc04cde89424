import { useMutation } from '@tanstack/react-query';
import { api, type Friend } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { postUpload } from '../../../lib/upload-form';

/** Messages of the friends step (docs/product.md#booking-friends). */
export const FRIEND_STEP_MESSAGES = {
  addFailed: 'Failed to add friend. Please try again.',
  noUser: 'User not found. Please log in again.',
  uploadFailed: 'Failed to upload image',
  /** Not in the spec (which shows no removal call): the add failure's wording. */
  removeFailed: 'Failed to remove friend. Please try again.',
} as const;

export const FRIEND_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /api/friends: a friend of the signed-in host. */
export function createFriend(name: string): Promise<Friend> {
  return callApi(api.friends.create, { body: { name } });
}

export function useCreateFriend() {
  return useMutation({ mutationFn: createFriend });
}

/** DELETE /api/friends/{id}: the friend leaves the server too, and his invite link stops working. */
export function removeFriend(id: string): Promise<null> {
  return callApi(api.friends.remove, { params: { id } });
}

export function useRemoveFriend() {
  return useMutation({ mutationFn: removeFriend });
}

/**
 * A friend's photo: a presigned POST from the server (POST /api/friends/{id}/images), the file
 * posted to storage with its content type, then the server checks it and makes it the friend's picture
 * (PUT /api/friends/{id}/picture). Resolves with the friend as the server now has it.
 */
export async function uploadFriendPhoto({ friendId, file }: { friendId: string; file: File }): Promise<Friend> {
  const upload = await callApi(api.friends.uploadUrl, { params: { id: friendId } });
  const posted = await postUpload(upload.uploadUrl, upload.fields, file);
  if (!posted.ok) throw new Error(`${posted.status}: ${FRIEND_STEP_MESSAGES.uploadFailed}`);
  return callApi(api.friends.setPicture, { params: { id: friendId }, body: { imageURL: upload.objectPath } });
}

export function useUploadFriendPhoto() {
  return useMutation({ mutationFn: uploadFriendPhoto });
}
