import { describe, expect, it } from '@jest/globals';
import { bookingWindow } from '@luxe/contracts';
import { availabilityOf } from './availability';

const date = '2026-11-20';
const booked = (startTime: string, duration: number, night = date) => bookingWindow(night, startTime, duration);

describe('availabilityOf', () => {
  it('takes the times the room is full, and, apart, those the chosen entertainer is booked in another room', () => {
    // The room: one booking at a time, booked 22:00–24:00. The entertainer: booked 19:00–21:00 elsewhere.
    const room = { windows: [booked('22:00', 2)], capacity: 1 };
    const dancer = [booked('19:00', 2)];
    expect(availabilityOf({ date, duration: 1 }, room)).toMatchObject({
      takenStartTimes: ['22:00', '23:00'],
      dancerTakenStartTimes: [],
    });
    expect(availabilityOf({ date, duration: 1 }, room, dancer)).toMatchObject({
      takenStartTimes: ['19:00', '20:00', '22:00', '23:00'],
      dancerTakenStartTimes: ['19:00', '20:00'],
    });
    // Two hours from 18:00 run into his 19:00; 21:00 for two hours runs into the room's 22:00 (the room says so, not him).
    expect(availabilityOf({ date, duration: 2 }, room, dancer)).toMatchObject({
      takenStartTimes: ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00'],
      dancerTakenStartTimes: ['18:00', '19:00', '20:00'],
    });
  });

  it('counts the entertainer at one booking (he is one person) while the room counts to its capacity', () => {
    const twoSeats = { windows: [booked('20:00', 1)], capacity: 2 };
    expect(availabilityOf({ date, duration: 1 }, twoSeats).takenStartTimes).toEqual([]);
    expect(availabilityOf({ date, duration: 1 }, twoSeats, [booked('20:00', 1)])).toMatchObject({
      takenStartTimes: ['20:00'],
      dancerTakenStartTimes: ['20:00'],
    });
  });

  it("leaves the month's sold-out nights to the room: the entertainer's busy night is not sold out", () => {
    const wholeNight = [booked('18:00', 6), booked('00:00', 3)];
    const a = availabilityOf({ date, duration: 1 }, { windows: [], capacity: 1 }, wholeNight);
    expect(a.dancerTakenStartTimes).toHaveLength(9);
    expect(a.soldOutDates).toEqual([]);
    expect(availabilityOf({ date, duration: 1 }, { windows: wholeNight, capacity: 1 }).soldOutDates).toEqual([date]);
    // Another night's bookings take nothing on this one.
    expect(
      availabilityOf({ date, duration: 1 }, { windows: [], capacity: 1 }, [booked('20:00', 1, '2026-11-21')])
        .takenStartTimes,
    ).toEqual([]);
  });
});
