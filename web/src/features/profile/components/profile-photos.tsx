import { useEffect, useRef, useState } from 'react';
import { PROFILE_MESSAGES, type PublicUser } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { MAX_PHOTOS, photoDraft, skippedPhotosMessage, sortPhotos, uploadPhoto, useSavePhotos } from '../api/profile';

/**
 * Profile Photos (docs/product.md#profiles): up to 6, the first marked Main; Preview; Add Photo (gone at 6;
 * files that are not images or are over 10 MB are skipped, and a toast says which);
 * Save Photos. Unsaved photos are kept while the member visits other tabs, said so on screen, and
 * leaving the page asks first.
 */
export function ProfilePhotos({ user }: { user: PublicUser }) {
  const [photos, setPhotos] = useState<string[]>(() => photoDraft.get(user.id) ?? user.profileImages);
  const [uploading, setUploading] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSavePhotos();
  const dirty = photos.join('\n') !== user.profileImages.join('\n');

  // The draft outlives the tab; the browser asks before a reload or a close throws it away.
  useEffect(() => {
    photoDraft.set(user.id, dirty ? photos : null);
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, photos, user.id]);

  const addFiles = async (files: File[]) => {
    const { accepted: chosen, skipped } = sortPhotos(files, MAX_PHOTOS - photos.length);
    // One toast at a time: the skipped files are told alone, or with the photos added.
    const skippedNote = skipped.length ? skippedPhotosMessage(skipped) : '';
    if (chosen.length === 0) {
      if (skippedNote)
        toast({
          variant: 'destructive',
          title: skipped.length === 1 ? 'Photo not added' : 'Photos not added',
          description: skippedNote,
        });
      return;
    }
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const path = await uploadPhoto(user.id, file);
        setPhotos((list) => (list.length < MAX_PHOTOS ? [...list, path] : list));
        toast({
          title: 'Photo Added',
          description: ['Save your photos to show it on your profile.', skippedNote].filter(Boolean).join(' '),
        });
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Upload Error',
          description: serverMessage(error, PROFILE_MESSAGES.uploadFailed),
        });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const remove = (path: string) => {
    const next = photos.filter((p) => p !== path);
    setPhotos(next);
    save.mutate(
      { userId: user.id, profileImages: next },
      {
        onSuccess: () => toast({ title: 'Photo Removed' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error, 'Failed to remove photo'),
          }),
      },
    );
  };

  const saveAll = () =>
    save.mutate(
      { userId: user.id, profileImages: photos },
      {
        onSuccess: () => toast({ title: 'Photos Saved', description: 'Your profile photos have been updated.' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to save photos') }),
      },
    );

  return (
    <div className="flex flex-col gap-4">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Your photos">
        {photos.map((path, i) => (
          <li key={path} className="relative overflow-hidden rounded-2xl border border-white/10 bg-neutral-800">
            <img
              src={path}
              alt={i === 0 ? 'Main photo' : `Photo ${i + 1}`}
              className="aspect-square w-full object-cover"
            />
            {i === 0 ? (
              <span className="absolute left-2 top-2 rounded-full bg-gold-400 px-2 py-0.5 text-xs font-semibold text-neutral-950">
                Main
              </span>
            ) : null}
            {/* Wraps when the tile is too narrow for both (two columns at 390 px): Remove was clipped to 'Re' and its centre lay on the next tile. */}
            <div className="flex flex-wrap gap-1 p-2">
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="flex-auto px-3"
                onClick={() => setPreview(path)}
                aria-label={`Preview photo ${i + 1}`}
              >
                Preview
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="flex-auto px-3 text-red-300"
                onClick={() => remove(path)}
                aria-label={`Remove photo ${i + 1}`}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <p role="status" data-testid="photos-unsaved" className="text-sm text-gold-200 empty:hidden">
        {dirty && !save.isPending ? 'Unsaved changes: Save Photos to show them on your profile.' : ''}
      </p>
      {photos.length === 0 ? (
        <p className="text-sm text-neutral-400">
          No photos yet. Add up to {MAX_PHOTOS}; the first one is your main photo.
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        {photos.length < MAX_PHOTOS ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="photo-input"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                void addFiles(files);
              }}
            />
            <Button
              type="button"
              variant="secondary"
              disabled={uploading > 0}
              onClick={() => fileInput.current?.click()}
            >
              {uploading > 0 ? 'Uploading...' : 'Add Photo'}
            </Button>
          </>
        ) : null}
        <Button type="button" disabled={!dirty || save.isPending || uploading > 0} onClick={saveAll}>
          {save.isPending ? 'Saving...' : 'Save Photos'}
        </Button>
      </div>
      {preview ? <PhotoPreview src={preview} onClose={() => setPreview(null)} /> : null}
    </div>
  );
}

/** The Preview dialog: the project's modal Dialog (focus kept inside, Escape, the page behind locked), closed by its button. */
function PhotoPreview({ src, onClose }: { src: string; onClose: () => void }) {
  return (
    <Dialog title="Photo preview" onClose={onClose}>
      <img src={src} alt="Selected photo, full size" className="max-h-[70vh] w-full rounded-2xl object-contain" />
      <Button type="button" variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
