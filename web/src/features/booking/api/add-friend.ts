import { useMutation } from '@tanstack/react-query';
import { api, type Friend } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

export interface AddFriendArgs {
  name: string;
  bookingId: string;
  instagram?: string;
  photo?: File;
}

export interface AddedFriend {
  friend: Friend;
  /** The photo was chosen but could not be stored (the friend exists without it). */
  photoFailed: boolean;
}

/** PUT the file to the presigned URL with its content type. */
async function putFile(url: string, file: File): Promise<void> {
  const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': file.type || 'application/octet-stream' }, body: file });
  if (!response.ok) throw new Error(`Upload failed: ${response.status}`);
}

/**
 * Adds a friend to a booking: POST /api/friends; with a photo, then POST /api/friends/{id}/images
 * for an upload URL, the file PUT there, and PUT /api/friends/{id}/picture. A failed photo leaves
 * the friend added without it.
 */
export async function addFriend({ name, bookingId, instagram, photo }: AddFriendArgs): Promise<AddedFriend> {
  const friend = await callApi(api.friends.create, { body: { name: name.trim(), bookingId, instagram: instagram?.trim() || null } });
  if (!photo) return { friend, photoFailed: false };
  try {
    const { uploadUrl } = await callApi(api.friends.uploadUrl, { params: { id: friend.id } });
    await putFile(uploadUrl, photo);
    const withPicture = await callApi(api.friends.setPicture, { params: { id: friend.id }, body: { imageURL: uploadUrl } });
    return { friend: withPicture, photoFailed: false };
  } catch (error) {
    console.error('Friend picture upload failed', error);
    return { friend, photoFailed: true };
  }
}

export function useAddFriend() {
  return useMutation({ mutationFn: addFriend });
}
