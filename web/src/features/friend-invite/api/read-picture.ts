import { FRIEND_MESSAGES, FRIEND_PICTURE_MAX_BYTES } from '@luxe/contracts';

/** Why a chosen file cannot be sent, or null when it can (image files only, at most 5 MB). */
export function pictureProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file.';
  if (file.size > FRIEND_PICTURE_MAX_BYTES) return FRIEND_MESSAGES.picture;
  return null;
}

/** The file as a data URL ('data:image/png;base64,...'), which the claim call sends. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Could not read the file'));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
