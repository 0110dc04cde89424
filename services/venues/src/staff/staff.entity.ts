import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { VenueEntity } from '../venues/venue.entity';

/** What dancers and bartenders share (docs/product.md#venues-staff); each table goes with its venue. */
abstract class StaffColumns {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('text')
  name!: string;

  @Column('text', { default: '' })
  description!: string;

  @Column('text', { array: true, default: () => "'{}'" })
  images!: string[];

  @Column('text', { array: true, default: () => "'{}'" })
  specialties!: string[];

  @Column('boolean', { name: 'is_available', default: true })
  isAvailable!: boolean;

  @Column('boolean', { name: 'is_active', default: true })
  isActive!: boolean;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** An entertainer of a venue. The table is created by migration 1700000008000. */
@Entity('dancers')
@Index('dancers_venue_id', ['venueId'])
@Check('dancers_price_modifier_check', `price_modifier BETWEEN 0.5 AND 3.0`)
export class DancerEntity extends StaffColumns {
  @ManyToOne(() => VenueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'venue_id', foreignKeyConstraintName: 'dancers_venue_id_fkey' })
  venue?: VenueEntity;

  @Index('dancers_entertainer_user_id')
  @Column('uuid', { name: 'entertainer_user_id', nullable: true })
  entertainerUserId!: string | null;

  @Column('numeric', { name: 'price_modifier', precision: 3, scale: 2, default: 1 })
  priceModifier!: string;
}

/** A bartender of a venue. The table is created by migration 1700000008000. */
@Entity('bartenders')
@Index('bartenders_venue_id', ['venueId'])
export class BartenderEntity extends StaffColumns {
  @ManyToOne(() => VenueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'venue_id', foreignKeyConstraintName: 'bartenders_venue_id_fkey' })
  venue?: VenueEntity;
}
