import { useMutation } from '@tanstack/react-query';
import { api, type Friend } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { postUpload } from '../../../lib/upload-form';

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

/**
 * Adds a friend to a booking: POST /api/friends; with a photo, then POST /api/friends/{id}/images
 * for a presigned POST, the file posted to storage, and PUT /api/friends/{id}/picture. A failed photo leaves
 * the friend added without it.
 */
export async function addFriend({ name, bookingId, instagram, photo }: AddFriendArgs): Promise<AddedFriend> {
  const friend = await callApi(api.friends.create, {
    body: { name: name.trim(), bookingId, instagram: instagram?.trim() || null },
  });
  if (!photo) return { friend, photoFailed: false };
  try {
    const upload = await callApi(api.friends.uploadUrl, { params: { id: friend.id } });
    const posted = await postUpload(upload.uploadUrl, upload.fields, photo);
    if (!posted.ok) throw new Error(`Upload failed: ${posted.status}`);
    const withPicture = await callApi(api.friends.setPicture, {
      params: { id: friend.id },
      body: { imageURL: upload.objectPath },
    });
    return { friend: withPicture, photoFailed: false };
  } catch (error) {
    console.error('Friend picture upload failed', error);
    return { friend, photoFailed: true };
  }
}

export function useAddFriend() {
  return useMutation({ mutationFn: addFriend });
}
