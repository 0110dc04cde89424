import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DoorStaffEntity } from './door-staff.entity';

/** Every query on venues' door staff. */
@Injectable()
export class DoorStaffRepository {
  constructor(private readonly ds: DataSource) {}

  isStaff(venueId: string, userId: string): Promise<boolean> {
    return this.ds.manager.existsBy(DoorStaffEntity, { venueId, userId });
  }

  /** The venues the member is door staff at. */
  async venueIdsOf(userId: string): Promise<string[]> {
    return (await this.ds.manager.findBy(DoorStaffEntity, { userId })).map((s) => s.venueId);
  }

  /** The venue's door staff, first added first. */
  ofVenue(venueId: string): Promise<DoorStaffEntity[]> {
    return this.ds.manager.find(DoorStaffEntity, { where: { venueId }, order: { addedAt: 'ASC', userId: 'ASC' } });
  }

  /** Adds the member to the venue's door staff; false when he is on it already (parallel adds insert once). */
  async add(row: DoorStaffEntity): Promise<boolean> {
    const inserted: unknown[] = await this.ds.query(
      `INSERT INTO door_staff (venue_id, user_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`,
      [row.venueId, row.userId, row.addedAt],
    );
    return inserted.length > 0;
  }

  /** Whether the member was on the venue's door staff (and is no longer). */
  async remove(venueId: string, userId: string): Promise<boolean> {
    const r = await this.ds.manager.delete(DoorStaffEntity, { venueId, userId });
    return !!r.affected;
  }
}
