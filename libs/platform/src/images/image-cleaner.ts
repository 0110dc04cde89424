import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface CleanImage {
  data: Buffer;
  ext: 'jpg' | 'png' | 'webp' | 'gif';
  contentType: string;
}

/** Why an upload was refused; the caller turns it into its own error (message and code). */
export type ImageRejection = 'not-an-image' | 'too-large' | 'missing';
export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`image refused: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

const OUTPUT = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
} as const;

/**
 * The longest side a kept photo has, in pixels: a phone's 4000 × 3000 picture is kept at
 * 2048 × 1536 (a venue's widest display, 1280 CSS pixels, on a 1.6× screen), a quarter of the
 * pixels and of the bytes every list and page would otherwise download. Smaller ones keep their size.
 */
export const MAX_IMAGE_SIDE = 2048;

/**
 * Decides what a file is by its content (libvips reads its header; the name and the declared
 * content type play no part), and writes it again in the same format: the pixels only, without
 * EXIF (GPS position, camera, date), XMP or ICC profile, at most `MAX_IMAGE_SIDE` pixels on its
 * longest side. A JPEG is first turned upright by its EXIF orientation, which is dropped with the
 * rest. Anything not in `formats` (SVG, PDF, HEIC, text...) is refused with
 * `ImageRejectedError('not-an-image')`.
 */
export async function cleanImage(input: Buffer, formats: readonly ImageFormat[]): Promise<CleanImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new ImageRejectedError('not-an-image');
  }
  if (!format || !(formats as readonly string[]).includes(format)) throw new ImageRejectedError('not-an-image');
  const kind = format as ImageFormat;
  try {
    const animated = kind === 'gif' || kind === 'webp';
    let img = sharp(input, { limitInputPixels: 50_000_000, animated });
    if (kind === 'jpeg') img = img.rotate();
    img = img.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    if (kind === 'jpeg') img = img.jpeg({ quality: 88, mozjpeg: true });
    else if (kind === 'png') img = img.png();
    else if (kind === 'webp') img = img.webp({ quality: 88 });
    else img = img.gif();
    return { data: await img.toBuffer(), ...OUTPUT[kind] };
  } catch {
    // A header that looks like an image over a body that is not one.
    throw new ImageRejectedError('not-an-image');
  }
}
