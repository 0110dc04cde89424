import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { cleanImage, MAX_IMAGE_SIDE } from './image-cleaner';

const ALL = ['jpeg', 'png', 'webp', 'gif'] as const;
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a2147' } });

describe('cleanImage: the kept copy is at most MAX_IMAGE_SIDE pixels on its longest side', () => {
  const cases: ['jpeg' | 'png' | 'webp', number, number, [number, number]][] = [
    ['jpeg', 4000, 3000, [MAX_IMAGE_SIDE, 1536]],
    ['png', 3000, 4000, [1536, MAX_IMAGE_SIDE]],
    ['webp', 5000, 1000, [MAX_IMAGE_SIDE, 410]],
  ];
  it.each(cases)('a %s of %i × %i is kept at %j, in its own format', async (format, width, height, kept) => {
    const input = await picture(width, height)[format]().toBuffer();
    const clean = await cleanImage(input, ALL);
    const meta = await sharp(clean.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, ...kept]);
  });

  it('keeps a smaller picture at its own size (never enlarged)', async () => {
    const clean = await cleanImage(await picture(640, 480).jpeg().toBuffer(), ALL);
    const meta = await sharp(clean.data).metadata();
    expect([meta.width, meta.height]).toEqual([640, 480]);
  });

  it('turns a JPEG upright by its EXIF orientation before bounding it, and keeps no EXIF', async () => {
    // 4000 wide and 3000 high as stored, to be shown turned a quarter (orientation 6): a portrait.
    const input = await picture(4000, 3000)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Leaky 3000' } })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const clean = await cleanImage(input, ALL);
    const meta = await sharp(clean.data).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      1536,
      MAX_IMAGE_SIDE,
      undefined,
      undefined,
    ]);
    expect(clean.data.includes(Buffer.from('Leaky 3000'))).toBe(false);
  });

  it('bounds every frame of an animated GIF and keeps them all', async () => {
    // Three frames of 3000 × 1000 (of different colours: identical frames would be merged).
    const colours = ['#123456', '#654321', '#abcdef'];
    const pages = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 3000, height: 1000, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(pages, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const clean = await cleanImage(animated, ALL);
    const meta = await sharp(clean.data).metadata();
    expect([meta.format, meta.pages, meta.width, meta.height]).toEqual(['gif', 3, MAX_IMAGE_SIDE, 683]);
  });
});
