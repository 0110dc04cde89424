import { randomUUID } from 'node:crypto';
import { endTimeOf, money, type Booking, type BookingAmounts, type OwnerBooking } from '@luxe/contracts';
import type { VenueCard } from '../catalog/catalog.entity';
import { BookingEntity } from './booking.entity';

/** A booking row as the API answers it. */
export function toBooking(b: BookingEntity): Booking {
  return {
    id: b.id,
    hostId: b.hostId,
    venueId: b.venueId,
    venueName: b.venueName,
    venueType: b.venueType,
    venueCity: b.venueCity,
    venueState: b.venueState,
    venueImage: b.venueImage,
    sectionId: b.sectionId,
    sectionType: b.sectionType,
    section: b.sectionName,
    dancerId: b.dancerId,
    bookingDate: typeof b.bookingDate === 'string' ? b.bookingDate : new Date(b.bookingDate).toISOString().slice(0, 10),
    startTime: b.startTime,
    endTime: b.endTime,
    duration: b.duration,
    totalCost: money(Number(b.totalCost)),
    friends: JSON.stringify(b.friends ?? []),
    guestVisibility: b.guestVisibility,
    status: b.status,
    eventDescription: b.eventDescription,
    createdAt: new Date(b.createdAt).toISOString(),
    holdExpiresAt: b.holdExpiresAt ? new Date(b.holdExpiresAt).toISOString() : null,
    cancellationPolicy: b.cancellationPolicy ?? 'moderate',
    amountPaid: money(Number(b.amountPaid ?? 0)),
    refundAmount: b.refundAmount == null ? null : money(Number(b.refundAmount)),
    cancelledAt: b.cancelledAt ? new Date(b.cancelledAt).toISOString() : null,
    ...depositView(b),
  };
}

/** A booking's minimum spend, deposit (paid by card when booking) and balance due at the venue (docs/product.md#booking-deposits). */
export function depositView(
  b: Pick<BookingEntity, 'totalCost' | 'minimumSpend' | 'depositPercent' | 'depositAmount'>,
): Pick<Booking, 'minimumSpend' | 'depositPercent' | 'depositAmount' | 'balanceDue'> {
  const total = Math.round(Number(b.totalCost) * 100);
  const deposit = Math.round(Number(b.depositAmount ?? 0) * 100);
  return {
    minimumSpend: b.minimumSpend == null ? null : money(Number(b.minimumSpend)),
    depositPercent: b.depositPercent ?? 0,
    depositAmount: money(deposit / 100),
    balanceDue: money((total - deposit) / 100),
  };
}

/** A booking as the venue's owner sees it, with the host's first name. */
export function toOwnerBooking(b: BookingEntity, hostName: string): OwnerBooking {
  const r = toBooking(b);
  return {
    id: r.id,
    venueId: r.venueId,
    hostName,
    venueName: r.venueName,
    venueType: r.venueType,
    sectionType: r.sectionType,
    status: r.status,
    bookingDate: r.bookingDate,
    startTime: r.startTime,
    duration: r.duration,
    totalCost: r.totalCost,
    guestVisibility: r.guestVisibility,
    friends: r.friends,
    createdAt: r.createdAt,
    refundAmount: r.refundAmount,
    depositAmount: r.depositAmount,
    balanceDue: r.balanceDue,
  };
}

/** What a new booking row records besides its slot: its unit, price and state. */
export interface NewBookingFields {
  sectionId: string | null;
  sectionName: string;
  sectionType: string;
  dancerId: string | null;
  amounts: BookingAmounts;
  status: BookingEntity['status'];
  holdExpiresAt?: Date;
  friends: string[];
  guestVisibility: string;
}

/** A new booking row: the venue's details and cancellation policy are snapshotted as they are when booking. */
export function newBooking(
  hostId: string,
  venue: VenueCard,
  dto: { bookingDate: string; startTime: string; duration: number; eventDescription?: string | null },
  window: { startsAt: Date; endsAt: Date },
  x: NewBookingFields,
): BookingEntity {
  return Object.assign(new BookingEntity(), {
    id: randomUUID(),
    hostId,
    venueId: venue.venueId,
    venueName: venue.name,
    venueType: venue.type,
    venueCity: venue.city,
    venueState: venue.state,
    venueImage: venue.imageUrl,
    sectionId: x.sectionId,
    sectionName: x.sectionName,
    sectionType: x.sectionType,
    dancerId: x.dancerId,
    bookingDate: dto.bookingDate,
    startTime: dto.startTime,
    endTime: endTimeOf(dto.startTime, dto.duration),
    duration: dto.duration,
    startsAt: window.startsAt,
    endsAt: window.endsAt,
    totalCost: money(x.amounts.total),
    minimumSpend: x.amounts.minimumSpend === null ? null : money(x.amounts.minimumSpend),
    depositPercent: x.amounts.depositPercent,
    depositAmount: money(x.amounts.depositAmount),
    friends: x.friends,
    guestVisibility: x.guestVisibility,
    status: x.status,
    eventDescription: dto.eventDescription ?? null,
    holdExpiresAt: x.holdExpiresAt ?? null,
    createdAt: new Date(),
    cancellationPolicy: venue.cancellationPolicy ?? 'moderate',
    amountPaid: money(0),
    refundAmount: null,
    cancelledAt: null,
  });
}
