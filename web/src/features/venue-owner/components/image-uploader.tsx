import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import {
  ACCEPTED_IMAGE_TYPES,
  acceptableVenueImages,
  IMAGES_PER_UPLOAD,
  UPLOAD_MESSAGES,
  uploadVenueImage,
} from '../api/images';
import { Icon, ICON_PATHS } from '../../../components/ui/icon';

interface UploadRow {
  key: string;
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

/**
 * Photos of a venue, section or staff member: shows the current ones (each removable) and uploads
 * new ones (up to 5 per selection, 10 MB each, JPG, PNG or WebP; others skipped) with a progress
 * bar per file. The uploaded photos' paths are added to `images`.
 */
export function ImageUploader({
  label,
  images,
  onChange,
  max,
}: {
  label: string;
  images: string[];
  onChange: (next: string[]) => void;
  max: number;
}) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [skipped, setSkipped] = useState(0);
  const latest = useRef(images);
  latest.current = images;
  const busy = rows.some((r) => !r.done && !r.error);
  const room = max - images.length;

  const update = (key: string, patch: Partial<UploadRow>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const addFiles = async (files: File[]) => {
    const { accepted, skipped: left } = acceptableVenueImages(files, room);
    setSkipped(left.length);
    if (accepted.length === 0) {
      if (files.length > 0)
        toast({ variant: 'destructive', title: 'Error', description: UPLOAD_MESSAGES.noneUploaded });
      return;
    }
    const batch = accepted.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, name: f.name, progress: 0 }));
    setRows(batch);
    const results = await Promise.all(
      accepted.map(async (file, i) => {
        const key = batch[i]!.key;
        try {
          const path = await uploadVenueImage(file, (p) => update(key, { progress: p }));
          update(key, { progress: 1, done: true });
          return path;
        } catch (error) {
          update(key, { error: error instanceof Error ? error.message : UPLOAD_MESSAGES.upload });
          return null;
        }
      }),
    );
    const paths = results.filter((p): p is string => p !== null);
    if (paths.length === 0) {
      toast({ variant: 'destructive', title: 'Error', description: UPLOAD_MESSAGES.noneUploaded });
      return;
    }
    onChange([...latest.current, ...paths].slice(0, max));
    toast({ title: 'Success', description: `${paths.length} image${paths.length === 1 ? '' : 's'} uploaded` });
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-neutral-200">{label}</legend>
      {images.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={`${label}: uploaded`}>
          {images.map((src, i) => (
            <li key={src} className="relative overflow-hidden rounded-xl border border-white/10 bg-neutral-800">
              <img src={src} alt={`${label} ${i + 1}`} className="aspect-square w-full object-cover" />
              <button
                type="button"
                onClick={() => onChange(images.filter((p) => p !== src))}
                aria-label={`Remove image ${i + 1}`}
                className="absolute right-1 top-1 flex h-8 w-8 items-center justify-center rounded-full bg-black/80 text-white hover:bg-red-600 focus-visible:outline-2 focus-visible:outline-gold-400"
              >
                <Icon path={ICON_PATHS.close} className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-400">No images yet.</p>
      )}
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void addFiles(files);
        }}
      />
      {room > 0 ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          {busy ? 'Uploading...' : 'Upload Images'}
        </Button>
      ) : null}
      <p className="text-xs text-neutral-400">
        Up to {IMAGES_PER_UPLOAD} images at a time, 10 MB each, JPG, PNG or WebP ({images.length}/{max}).
      </p>
      {skipped > 0 ? (
        <p role="status" className="text-xs text-gold-200">
          Skipped {skipped} file{skipped === 1 ? '' : 's'} (not JPG, PNG or WebP, over 10 MB, or over the limit).
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Uploads">
          {rows.map((r) => (
            <li key={r.key} className="text-xs text-neutral-300">
              <div className="flex justify-between gap-2">
                <span className="truncate">{r.name}</span>
                <span className={r.error ? 'text-red-300' : undefined}>
                  {r.error ?? (r.done ? 'Done' : `${Math.round(r.progress * 100)}%`)}
                </span>
              </div>
              <progress
                className="mt-1 h-1.5 w-full accent-gold-400"
                max={100}
                value={Math.round(r.progress * 100)}
                aria-label={`Upload of ${r.name}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
