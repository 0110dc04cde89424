import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  BOOKING_ERRORS,
  FRIEND_PICTURE_MAX_BYTES,
  FRIEND_STAGING_OBJECT,
  friendImagePath,
  MAX_IMAGE_BYTES,
  PROFILE_ERRORS,
  PROFILE_MESSAGES,
  UPLOAD_CONTENT_TYPE_PREFIX,
  type Friend,
  type FriendDto,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { acceptStagedImage, cleanImage, ImageRejectedError } from '@luxe/platform/images';
import { LOGGER, type Logger, OBJECT_STORAGE, type ObjectStorage } from '@luxe/platform/runtime';
import { BookingRepository } from '../bookings/booking.repository';
import { FriendEntity } from './friend.entity';
import { FriendRepository } from './friend.repository';

const FORMATS = ['jpeg', 'png', 'webp'] as const;
const UPLOAD_URL_SECONDS = 300;

export function toFriend(f: FriendEntity): Friend {
  return {
    id: f.id,
    userId: f.userId,
    bookingId: f.bookingId,
    name: f.name,
    phoneNumber: f.phoneNumber,
    instagram: f.instagram,
    profilePicture: f.profilePicture,
    inviteUrl: `/friend-invite/${f.inviteToken}`,
    claimed: f.claimed,
    createdAt: new Date(f.createdAt).toISOString(),
  };
}

/**
 * Friends a host brings and their invite links. The host adds them (and may give each a picture
 * through a presigned upload); the friend opens the link, sees his name and sets his own picture
 * (a data URL, checked as an image by content and stored without metadata), which claims it.
 */
@Injectable()
export class FriendService {
  constructor(
    private readonly ds: DataSource,
    private readonly friends: FriendRepository,
    private readonly bookings: BookingRepository,
    private readonly outbox: Outbox,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(actor: Actor, dto: FriendDto): Promise<Friend> {
    requireMember(actor);
    if (dto.bookingId) {
      const b = await this.bookings.findById(dto.bookingId);
      if (!b || b.hostId !== actor.userId) throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
    }
    const f = Object.assign(new FriendEntity(), {
      id: randomUUID(),
      userId: actor.userId,
      bookingId: dto.bookingId ?? null,
      name: dto.name,
      phoneNumber: dto.phoneNumber ?? null,
      instagram: dto.instagram ?? null,
      profilePicture: null,
      // 192 bits from the system's CSPRNG: the link is the only key to the invite.
      inviteToken: randomBytes(24).toString('base64url'),
      claimed: false,
      claimedByUserId: null,
      createdAt: new Date(),
    });
    return toFriend(await this.friends.save(f));
  }

  async uploadUrl(
    actor: Actor,
    id: string,
  ): Promise<{ uploadUrl: string; fields: Record<string, string>; objectPath: string }> {
    const f = await this.own(actor, id);
    const objectPath = `staging/friends/${f.id}/${randomUUID()}`;
    const post = await this.storage.presignedPost(objectPath, {
      maxBytes: MAX_IMAGE_BYTES,
      contentTypePrefix: UPLOAD_CONTENT_TYPE_PREFIX,
      expirySeconds: UPLOAD_URL_SECONDS,
    });
    return { uploadUrl: post.url, fields: post.fields, objectPath };
  }

  async setPicture(actor: Actor, id: string, imageURL: string): Promise<Friend> {
    const f = await this.own(actor, id);
    const m = FRIEND_STAGING_OBJECT.exec(imageURL);
    if (!m || m[1] !== f.id)
      throw AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, { message: PROFILE_MESSAGES.notYourUpload });
    let file: string;
    try {
      file = (
        await acceptStagedImage(this.storage, this.logger, {
          staged: `staging/friends/${f.id}/${m[2]}`,
          target: `friends/${f.id}/${m[2]}`,
          formats: FORMATS,
          maxBytes: MAX_IMAGE_BYTES,
        })
      ).file;
    } catch (e) {
      if (e instanceof ImageRejectedError)
        throw AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, {
          message:
            e.reason === 'too-large'
              ? PROFILE_MESSAGES.tooLarge
              : e.reason === 'missing'
                ? PROFILE_MESSAGES.uploadMissing
                : PROFILE_MESSAGES.notAnImage,
        });
      throw e;
    }
    f.profilePicture = friendImagePath(f.id, file);
    return toFriend(await this.friends.save(f));
  }

  async invite(token: string): Promise<{ name: string; profilePicture: string | null }> {
    const f = await this.byToken(token);
    return { name: f.name, profilePicture: f.profilePicture };
  }

  /** The friend's own picture, from the invite page: an image by content, at most 5 MB; claims the invite. */
  async claim(actor: Actor, token: string, dataUrl: string): Promise<{ name: string; profilePicture: string | null }> {
    const f = await this.byToken(token);
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const refuse = () => AppError.of(BOOKING_ERRORS.PICTURE_REJECTED);
    if (bytes.length === 0 || bytes.length > FRIEND_PICTURE_MAX_BYTES) throw refuse();
    let clean: Awaited<ReturnType<typeof cleanImage>>;
    try {
      clean = await cleanImage(bytes, FORMATS);
    } catch (e) {
      if (e instanceof ImageRejectedError) throw refuse();
      throw e;
    }
    const file = `${randomUUID()}.${clean.ext}`;
    await this.storage.put(`friends/${f.id}/${file}`, clean.data, clean.contentType);
    const previous = f.profilePicture;
    await this.ds.transaction(async (m) => {
      f.profilePicture = friendImagePath(f.id, file);
      f.claimed = true;
      if (actor.userId && actor.role === 'member') f.claimedByUserId = actor.userId;
      await this.friends.save(f, m);
      await this.outbox.add(m, 'bookings.friend-invite-claimed', f.id, {
        friendId: f.id,
        hostId: f.userId,
        bookingId: f.bookingId,
        claimedByUserId: f.claimedByUserId,
      });
    });
    if (previous) await this.removeStored(previous);
    return { name: f.name, profilePicture: f.profilePicture };
  }

  async location(friendId: string, file: string): Promise<{ url: string; maxAgeSeconds: number }> {
    const at = await this.storage.locate(`friends/${friendId}/${file}`, 'private');
    if (!at) throw AppError.of(PROFILE_ERRORS.IMAGE_NOT_FOUND);
    return at;
  }

  /**
   * `DELETE /api/friends/{id}`: the host takes a friend off; his pictures and his invite link go
   * with him (the link then answers 'Invite Not Found'), and the bookings no longer list him.
   */
  async remove(actor: Actor, id: string): Promise<void> {
    const f = await this.own(actor, id);
    // The pictures first: should that fail, the friend is still there to remove again.
    await this.removePictures(f.id);
    await this.friends.delete(f.id);
  }

  /**
   * Bookings as shown to their host or the venue's owner: `friends` lists the names given when
   * booking, then those of the friends added to the booking since (POST /api/friends with its
   * bookingId, as the confirmation does), in the order they were added. The friends table stays
   * their one record: a removed friend leaves every list at once.
   */
  async withFriends<T extends { id: string; friends: string }>(bookings: T[]): Promise<T[]> {
    if (!bookings.length) return bookings;
    const rows = await this.friends.namesOnBookings(bookings.map((b) => b.id));
    if (!rows.length) return bookings;
    const added = new Map<string, string[]>();
    for (const r of rows) added.set(r.bookingId!, [...(added.get(r.bookingId!) ?? []), r.name]);
    return bookings.map((b) =>
      added.has(b.id)
        ? { ...b, friends: JSON.stringify([...(JSON.parse(b.friends) as string[]), ...added.get(b.id)!]) }
        : b,
    );
  }

  /**
   * The hold made at the end of the yacht flow takes the friends the host added in it before the
   * booking existed (docs/product.md#booking-yachts): only his own, and only those on no booking yet.
   */
  async attachToBooking(
    m: EntityManager,
    hostId: string,
    bookingId: string,
    friendIds: readonly string[],
  ): Promise<void> {
    if (!friendIds.length) return;
    await this.friends.attachToBooking(m, hostId, bookingId, friendIds);
  }

  countOnBooking(m: EntityManager, bookingId: string): Promise<number> {
    return this.friends.countOnBooking(m, bookingId);
  }

  /** A deleted member: his friends and their pictures go; invites he claimed forget him. */
  async eraseUser(m: EntityManager, userId: string): Promise<void> {
    for (const f of await this.friends.ofUser(m, userId)) await this.removePictures(f.id);
    await this.friends.eraseUser(m, userId);
  }

  private async own(actor: Actor, id: string): Promise<FriendEntity> {
    requireMember(actor);
    const f = await this.friends.findById(id);
    if (!f || f.userId !== actor.userId) throw AppError.of(BOOKING_ERRORS.FRIEND_NOT_FOUND);
    return f;
  }

  private async byToken(token: string): Promise<FriendEntity> {
    const f = await this.friends.findByToken(token);
    if (!f) throw AppError.of(BOOKING_ERRORS.INVITE_NOT_FOUND);
    return f;
  }

  /** Every stored picture of the friend, checked or still staged. */
  private async removePictures(friendId: string): Promise<void> {
    for (const n of [
      ...(await this.storage.list(`friends/${friendId}/`)),
      ...(await this.storage.list(`staging/friends/${friendId}/`)),
    ])
      await this.storage.remove(n);
  }

  private async removeStored(path: string): Promise<void> {
    const m = /^\/api\/images\/friends\/([0-9a-f-]{36})\/([A-Za-z0-9-]+\.(?:jpg|png|webp))$/.exec(path);
    if (m)
      await this.storage
        .remove(`friends/${m[1]}/${m[2]}`)
        .catch((err) => this.logger.warn({ err, path }, 'could not remove a replaced picture'));
  }
}
