import type { INestApplication } from '@nestjs/common';
import type { DancerInput, SectionInput, VenueInput } from '@luxe/contracts';
import { CANCELLATION_POLICIES, dancerInputSchema, sectionInputSchema, venueInputSchema } from '@luxe/contracts';
import type { Actor } from '@luxe/platform/http';
import { DEMO_ACCOUNTS, type SeedOptions } from '@luxe/platform/runtime';
import { ARTWORK_FORMAT, renderArtwork, type ArtworkKind } from './images/artwork';
import { VenueImageService } from './images/venue-image.service';
import { SectionService } from './sections/section.service';
import { StaffService } from './staff/staff.service';
import { VenueRepository } from './venues/venue.repository';
import { VenueService } from './venues/venue.service';

interface DemoVenue {
  venue: Omit<VenueInput, 'images'>;
  hue: number;
  sections?: Omit<SectionInput, 'images'>[];
  dancers?: Omit<DancerInput, 'images'>[];
}

const club = (
  name: string,
  subtype: VenueInput['subtype'],
  city: string,
  state: string,
  price: number,
  hue: number,
  extra: Partial<VenueInput> = {},
): Omit<VenueInput, 'images'> & { hue: number } => ({
  name,
  type: 'club',
  subtype,
  city,
  state,
  address: `${100 + hue} ${city.split(',')[0]} Ave`,
  description: `${name}: bottle service, resident DJs and a crowd that dresses for the night.`,
  capacity: 250,
  pricePerHour: price,
  rating: 4.6,
  hours: '10 PM - 4 AM',
  amenities: ['Bottle service', 'Resident DJ', 'Coat check'],
  rules: ['21+ only', 'Dress code: upscale'],
  hue,
  ...extra,
});
const yacht = (
  name: string,
  city: string,
  state: string,
  price: number,
  length: number,
  hue: number,
  tiers: { hours: number; price: number }[],
): Omit<VenueInput, 'images'> & { hue: number } => ({
  name,
  type: 'yacht',
  city,
  state,
  address: `Marina slip ${hue % 50}, ${city.split(',')[0]}`,
  description: `${length} ft of teak decks, a captain and crew, a sound system and a sunset you will not forget.`,
  capacity: 12,
  pricePerHour: price,
  rating: 4.9,
  yachtLength: length,
  hasCaptain: true,
  responseRate: 98,
  // Demo yachts get every policy (clubs keep the default, moderate).
  cancellationPolicy: CANCELLATION_POLICIES[Math.floor(hue / 5) % 3],
  rules: ['No stiletto heels on deck', 'No glass on the swim platform', 'Life jackets for every guest'],
  amenities: ['Captain and crew', 'Sound system', 'Water toys', 'Ice and coolers'],
  pricingTiers: tiers,
  hue,
});

const regular = (name: string, price: number): Omit<SectionInput, 'images'> => ({
  name,
  type: 'Regular',
  description: `${name} with table service.`,
  capacity: 10,
  pricePerHour: price,
  amenities: ['Table service'],
});
const vip = (name: string, price: number): Omit<SectionInput, 'images'> => ({
  name,
  type: 'VIP Room',
  description: `${name}: private, with its own host.`,
  capacity: 8,
  pricePerHour: price,
  isVipRoom: true,
  isExclusive: true,
  maxSimultaneousBookings: 1,
  amenities: ['Private host', 'Premium bottles'],
});

/** A section with a minimum spend and a deposit taken by card when booking (docs/product.md#booking-deposits). */
const withDeposit = (
  s: Omit<SectionInput, 'images'>,
  minimumSpend: number | null,
  depositPercent: number,
): Omit<SectionInput, 'images'> => ({ ...s, minimumSpend, depositPercent });

/**
 * Thirteen approved venues across Miami, New York, Los Angeles, Las Vegas and Monaco (the landing
 * promises 'Miami · Monaco': a yacht there keeps that promise): every club subtype and yachts with tiers.
 */
const DEMO_VENUES: DemoVenue[] = [
  {
    ...wrap(club('Velvet Miami', 'nightclub', 'Miami', 'Florida', 500, 280)),
    sections: [regular('Main Floor Table', 500), withDeposit(regular('Mezzanine Booth', 750), 2500, 25)],
  },
  { ...wrap(club('Azure Lounge', 'lounge', 'Miami', 'Florida', 350, 190)), sections: [regular('Terrace Daybed', 400)] },
  {
    ...wrap(club('Smoke & Mirrors', 'hookah_bar', 'Miami', 'Florida', 150, 20)),
    sections: [regular('Garden Table', 150)],
  },
  {
    ...wrap(club('Diamond Cabaret', 'strip_club', 'Miami', 'Florida', 600, 330)),
    sections: [
      regular('Stage-side Table', 600),
      vip('Gold VIP Room', 900),
      withDeposit(vip('Platinum VIP Room', 1200), 3000, 50),
    ],
    dancers: [
      {
        name: 'Aurora',
        description: 'Headliner with a pole-and-silks act.',
        specialties: ['Pole', 'Aerial silks'],
        priceModifier: 1.5,
      },
      { name: 'Jade', description: 'Burlesque with a modern twist.', specialties: ['Burlesque'], priceModifier: 1.2 },
      { name: 'Nova', description: 'High-energy floor show.', specialties: ['Floor work', 'Heels'], priceModifier: 1 },
    ],
  },
  wrap(
    yacht('Sea Breeze 82', 'Miami', 'Florida', 1200, 82, 200, [
      { hours: 2, price: 2200 },
      { hours: 4, price: 4000 },
      { hours: 6, price: 5600 },
    ]),
  ),
  wrap(
    yacht('Biscayne Star', 'Miami', 'Florida', 800, 55, 210, [
      { hours: 3, price: 2200 },
      { hours: 5, price: 3500 },
    ]),
  ),
  {
    ...wrap(club('Skyline NYC', 'nightclub', 'New York', 'New York', 700, 240)),
    sections: [regular('Dance Floor Table', 700), withDeposit(regular('Skybox', 1100), 4000, 25)],
  },
  {
    ...wrap(club('The Library Bar', 'lounge', 'New York', 'New York', 400, 30)),
    sections: [regular('Reading Room', 400)],
  },
  wrap(
    yacht('Hudson Queen', 'New York', 'New York', 1500, 96, 225, [
      { hours: 2, price: 2800 },
      { hours: 4, price: 5200 },
    ]),
  ),
  {
    ...wrap(club('Sunset Strip Social', 'lounge', 'Los Angeles', 'California', 450, 15)),
    sections: [regular('Rooftop Cabana', 600)],
  },
  {
    ...wrap(club('Neon Desert', 'nightclub', 'Las Vegas', 'Nevada', 900, 300)),
    sections: [withDeposit(regular('Pool Cabana', 1200), 5000, 30), regular('Main Room Table', 900)],
  },
  {
    ...wrap(club('Cashmere Club', 'strip_club', 'Las Vegas', 'Nevada', 650, 340)),
    sections: [regular('Stage-side Booth', 650), vip('Diamond VIP Room', 1000)],
    dancers: [
      {
        name: 'Scarlett',
        description: 'Award-winning showgirl.',
        specialties: ['Showgirl', 'Pole'],
        priceModifier: 1.8,
      },
    ],
  },
  // Monaco is a country, not a US state: its state is its own name (normalizeState keeps it as typed).
  wrap(
    yacht('Riviera Royale', 'Monaco', 'Monaco', 2500, 120, 45, [
      { hours: 3, price: 7000 },
      { hours: 6, price: 13000 },
    ]),
  ),
];

function wrap(v: Omit<VenueInput, 'images'> & { hue: number }): DemoVenue {
  const { hue, ...venue } = v;
  return { venue, hue };
}

/**
 * Demo venues of the demo owner (embedded mode, or SEED_DEMO_DATA=true), approved, with rendered
 * photos, sections, VIP rooms and dancers. Idempotent: a venue the owner already has (by name) is
 * left as it is. Written through the services, so every change is published like an owner's.
 */
export async function seedVenues(app: INestApplication, _opts: SeedOptions): Promise<void> {
  const owner = DEMO_ACCOUNTS.venue;
  const actor: Actor = { role: 'member', userId: owner.id, userType: 'venue' };
  const venues = app.get(VenueService);
  const existing = new Set((await app.get(VenueRepository).findByOwner(owner.id)).map((v) => v.name));
  const images = app.get(VenueImageService);
  const photo = async (kind: ArtworkKind, name: string, hue: number) =>
    images.putGenerated(owner.id, `demo-${slug(name)}.${ARTWORK_FORMAT.ext}`, await renderArtwork(kind, name, hue));

  for (const d of DEMO_VENUES) {
    if (existing.has(d.venue.name)) continue;
    const kind: ArtworkKind = d.venue.type === 'yacht' ? 'yacht' : 'venue';
    const created = await venues.create(
      actor,
      venueInputSchema.parse({
        ...d.venue,
        images: [
          await photo(kind, d.venue.name, d.hue),
          await photo(kind, `${d.venue.name} night`, (d.hue + 35) % 360),
        ],
      }),
    );
    for (const s of d.sections ?? []) {
      await app
        .get(SectionService)
        .create(
          actor,
          created.id,
          sectionInputSchema.parse({ ...s, images: [await photo('section', `${d.venue.name} ${s.name}`, d.hue)] }),
        );
    }
    for (const dancer of d.dancers ?? []) {
      await app
        .get(StaffService)
        .createDancer(
          actor,
          created.id,
          dancerInputSchema.parse({ ...dancer, images: [await photo('section', dancer.name, (d.hue + 60) % 360)] }),
        );
    }
    await venues.decideApproval(created.id, 'approved');
  }
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
}
