import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { FriendEntity } from './friend.entity';

/** Every query on the friends hosts bring. */
@Injectable()
export class FriendRepository {
  constructor(private readonly ds: DataSource) {}

  findById(id: string): Promise<FriendEntity | null> {
    return this.ds.manager.findOneBy(FriendEntity, { id });
  }

  /** The friend an invite link is for. */
  findByToken(inviteToken: string): Promise<FriendEntity | null> {
    return this.ds.manager.findOneBy(FriendEntity, { inviteToken });
  }

  save(f: FriendEntity, m: EntityManager = this.ds.manager): Promise<FriendEntity> {
    return m.save(FriendEntity, f);
  }

  async delete(id: string): Promise<void> {
    await this.ds.manager.delete(FriendEntity, { id });
  }

  /** The names of the friends added to these bookings, in the order they were added. */
  namesOnBookings(bookingIds: string[]): Promise<Pick<FriendEntity, 'bookingId' | 'name'>[]> {
    return this.ds.manager.find(FriendEntity, {
      select: { bookingId: true, name: true },
      where: { bookingId: In(bookingIds) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** Puts the host's own friends that are on no booking yet on this one. */
  async attachToBooking(
    m: EntityManager,
    hostId: string,
    bookingId: string,
    friendIds: readonly string[],
  ): Promise<void> {
    await m.update(FriendEntity, { id: In([...friendIds]), userId: hostId, bookingId: IsNull() }, { bookingId });
  }

  countOnBooking(m: EntityManager, bookingId: string): Promise<number> {
    return m.countBy(FriendEntity, { bookingId });
  }

  ofUser(m: EntityManager, userId: string): Promise<FriendEntity[]> {
    return m.findBy(FriendEntity, { userId });
  }

  /** A deleted member: his friends go, and invites he claimed forget him. */
  async eraseUser(m: EntityManager, userId: string): Promise<void> {
    await m.delete(FriendEntity, { userId });
    await m.update(FriendEntity, { claimedByUserId: userId }, { claimedByUserId: null });
  }
}
