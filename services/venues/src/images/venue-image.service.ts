import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import sharp from 'sharp';
import {
  MAX_IMAGE_BYTES,
  PROFILE_MESSAGES,
  UPLOAD_CONTENT_TYPE_PREFIX,
  VENUE_ERRORS,
  VENUE_IMAGE_LIMITS,
  VENUE_IMAGE_SMALL_WIDTH,
  VENUE_IMAGE_MESSAGES,
  VENUE_STAGING_OBJECT,
  venueImagePath,
} from '@luxe/contracts';
import { Actor, AppError } from '@luxe/platform/http';
import { acceptStagedImage, ImageRejectedError } from '@luxe/platform/images';
import { LOGGER, type Logger, OBJECT_STORAGE, type ObjectStorage } from '@luxe/platform/runtime';
import { requireOwnerRole } from '../venues/venue-access';
import { ARTWORK_FORMAT, renderArtwork, type ArtworkKind } from './artwork';

const UPLOAD_URL_SECONDS = 300;
const PLACEHOLDER_TITLES: Record<ArtworkKind, string> = { yacht: 'Yacht', venue: 'Venue', section: 'Section' };
/** Bump when the artwork changes: the object's name changes with it, so nothing stale is served. */
const PLACEHOLDER_VERSION = 2;

const REFUSALS = {
  'not-an-image': VENUE_IMAGE_MESSAGES.notAnImage,
  'too-large': PROFILE_MESSAGES.tooLarge,
  missing: PROFILE_MESSAGES.uploadMissing,
} as const;

/**
 * Photos of venues, sections and staff, kept per owner. The browser PUTs a file to
 * `staging/venues/{ownerId}/{uuid}` through a presigned POST (at most 10 MB, refused by the storage); `add` checks it (the same check and
 * metadata stripping as member photos, from the platform) and keeps `venues/{ownerId}/{uuid}.{ext}`.
 * Photos and the placeholders are served by stable paths that redirect to the stored file.
 */
@Injectable()
export class VenueImageService implements OnModuleInit {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Renders the placeholders into storage once (idempotent: kept objects are not rewritten). */
  async onModuleInit(): Promise<void> {
    for (const kind of Object.keys(PLACEHOLDER_TITLES) as ArtworkKind[]) {
      const name = placeholderObject(kind);
      if ((await this.storage.size(name)) !== null) continue;
      await this.storage.put(name, await renderArtwork(kind, PLACEHOLDER_TITLES[kind]), ARTWORK_FORMAT.contentType);
    }
  }

  async uploadUrl(actor: Actor): Promise<{ uploadURL: string; fields: Record<string, string>; objectPath: string }> {
    const ownerId = requireOwnerRole(actor);
    const objectPath = `staging/venues/${ownerId}/${randomUUID()}`;
    const post = await this.storage.presignedPost(objectPath, {
      maxBytes: MAX_IMAGE_BYTES,
      contentTypePrefix: UPLOAD_CONTENT_TYPE_PREFIX,
      expirySeconds: UPLOAD_URL_SECONDS,
    });
    return { uploadURL: post.url, fields: post.fields, objectPath };
  }

  async add(actor: Actor, imageURL: string): Promise<{ objectPath: string }> {
    const ownerId = requireOwnerRole(actor);
    const m = VENUE_STAGING_OBJECT.exec(imageURL);
    if (!m || m[1] !== ownerId)
      throw AppError.of(VENUE_ERRORS.UPLOAD_REJECTED, { message: VENUE_IMAGE_MESSAGES.notYourUpload });
    try {
      const kept = await acceptStagedImage(this.storage, this.logger, {
        staged: `staging/venues/${ownerId}/${m[2]}`,
        target: `venues/${ownerId}/${m[2]}`,
        formats: VENUE_IMAGE_LIMITS.formats,
        maxBytes: MAX_IMAGE_BYTES,
      });
      return { objectPath: venueImagePath(ownerId, kept.file) };
    } catch (e) {
      if (e instanceof ImageRejectedError)
        throw AppError.of(VENUE_ERRORS.UPLOAD_REJECTED, { message: REFUSALS[e.reason] });
      throw e;
    }
  }

  /** Stores a generated photo (`renderArtwork`'s) for an owner (demo data); answers its path. */
  async putGenerated(ownerId: string, file: string, data: Buffer): Promise<string> {
    const name = `venues/${ownerId}/${file}`;
    if ((await this.storage.size(name)) === null) await this.storage.put(name, data, ARTWORK_FORMAT.contentType);
    return venueImagePath(ownerId, file);
  }

  /** Where a photo is served from now: the kept file, or (`small`) its copy `VENUE_IMAGE_SMALL_WIDTH` wide. */
  async location(ownerId: string, file: string, small = false): Promise<{ url: string; maxAgeSeconds: number }> {
    return this.locate(`venues/${ownerId}/${file}`, small);
  }

  async placeholder(kind: ArtworkKind, small = false): Promise<{ url: string; maxAgeSeconds: number }> {
    // Rendered at start; gone only if someone removed it from the storage since.
    return this.locate(placeholderObject(kind), small);
  }

  /**
   * A stored image, or its smaller copy: made from it the first time it is asked for and kept
   * beside it (`…/w800/<name>.webp`, under the owner's prefix, so an erasure takes it along). Two
   * first requests at once both make it: the same bytes, written twice.
   */
  private async locate(name: string, small: boolean): Promise<{ url: string; maxAgeSeconds: number }> {
    if (small) {
      const copy = smallCopyObject(name);
      const at = await this.storage.locate(copy, 'public');
      if (at) return at;
      if ((await this.storage.size(name)) === null) throw AppError.of(VENUE_ERRORS.IMAGE_NOT_FOUND);
      await this.storage.put(copy, await smallCopy(await this.storage.get(name)), 'image/webp');
      return (await this.storage.locate(copy, 'public'))!;
    }
    const at = await this.storage.locate(name, 'public');
    if (!at) throw AppError.of(VENUE_ERRORS.IMAGE_NOT_FOUND);
    return at;
  }

  /** Removes every photo and pending upload of a deleted owner. */
  async eraseOwner(ownerId: string): Promise<number> {
    const names = [
      ...(await this.storage.list(`venues/${ownerId}/`)),
      ...(await this.storage.list(`staging/venues/${ownerId}/`)),
    ];
    for (const n of names) await this.storage.remove(n);
    return names.length;
  }
}

/** `venues/o/a.jpg` → `venues/o/w800/a.jpg.webp`. */
function smallCopyObject(name: string): string {
  const slash = name.lastIndexOf('/');
  return `${name.slice(0, slash)}/w${VENUE_IMAGE_SMALL_WIDTH}/${name.slice(slash + 1)}.webp`;
}

/** The copy `VENUE_IMAGE_SMALL_WIDTH` pixels wide (a narrower image keeps its width), WebP, first frame only. */
function smallCopy(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: 50_000_000 })
    .resize({ width: VENUE_IMAGE_SMALL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

function placeholderObject(kind: ArtworkKind): string {
  return `placeholders/${kind}-v${PLACEHOLDER_VERSION}.${ARTWORK_FORMAT.ext}`;
}
