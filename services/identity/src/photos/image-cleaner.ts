import sharp from 'sharp';
import { IMAGE_FORMATS } from '@luxe/contracts';
import { PhotoErrors } from './photo.errors';

export interface CleanImage {
  data: Buffer;
  ext: 'jpg' | 'png' | 'webp' | 'gif';
  contentType: string;
}

const OUTPUT = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
} as const;

/**
 * Decides what a file is by its content (libvips reads its header; the name and the declared
 * content type play no part), and writes it again in the same format: the pixels only, without
 * EXIF (GPS position, camera, date), XMP or ICC profile. A JPEG is first turned upright by its
 * EXIF orientation, which is dropped with the rest. Anything else (SVG, PDF, HEIC, text...) is refused.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw PhotoErrors.notAnImage();
  }
  if (!format || !(IMAGE_FORMATS as readonly string[]).includes(format)) throw PhotoErrors.notAnImage();
  const kind = format as keyof typeof OUTPUT;
  try {
    const animated = kind === 'gif' || kind === 'webp';
    let img = sharp(input, { limitInputPixels: 50_000_000, animated });
    if (kind === 'jpeg') img = img.rotate().jpeg({ quality: 88, mozjpeg: true });
    else if (kind === 'png') img = img.png();
    else if (kind === 'webp') img = img.webp({ quality: 88 });
    else img = img.gif();
    return { data: await img.toBuffer(), ...OUTPUT[kind] };
  } catch {
    // A header that looks like an image over a body that is not one.
    throw PhotoErrors.notAnImage();
  }
}
