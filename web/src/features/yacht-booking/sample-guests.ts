/**
 * The sample guest deck of the Event Invites step (spec doc 2 §2, §9: 3 profiles). Their photos
 * are drawn here (no network images), so the deck works offline and in tests.
 */
export interface SampleGuest {
  id: string;
  firstName: string;
  age: number;
  bio: string;
  photos: { src: string; alt: string }[];
}

function portrait(initial: string, from: string, to: string, variant: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${variant % 2}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="300" height="400" fill="url(#g)"/>` +
    `<circle cx="150" cy="${150 + variant * 10}" r="70" fill="rgba(255,255,255,0.18)"/>` +
    `<text x="150" y="${175 + variant * 10}" font-family="Georgia,serif" font-size="72" fill="#fff" text-anchor="middle">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function photos(name: string, from: string, to: string): SampleGuest['photos'] {
  return [0, 1, 2].map((i) => ({ src: portrait(name[0] ?? '?', i === 1 ? to : from, i === 1 ? from : to, i), alt: `${name}, photo ${i + 1} of 3` }));
}

export const SAMPLE_GUESTS: readonly SampleGuest[] = [
  { id: 'sample-sofia', firstName: 'Sofia', age: 26, bio: 'Sunset sails, house music and good champagne. Always up for a night on the water.', photos: photos('Sofia', '#7c2d12', '#1e1b4b') },
  { id: 'sample-marcus', firstName: 'Marcus', age: 29, bio: 'Miami native, DJ on weekends. I bring the playlist and the energy.', photos: photos('Marcus', '#0f766e', '#111827') },
  { id: 'sample-isabella', firstName: 'Isabella', age: 24, bio: 'Fashion buyer who loves rooftop parties, yacht days and meeting new people.', photos: photos('Isabella', '#831843', '#312e81') },
];
