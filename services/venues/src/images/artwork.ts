import sharp from 'sharp';

/** The rendered artwork's file extension and content type. */
export const ARTWORK_FORMAT = { ext: 'webp', contentType: 'image/webp' } as const;

export type ArtworkKind = 'yacht' | 'venue' | 'section';

const SHAPES: Record<ArtworkKind, string> = {
  // A motor yacht on the water.
  yacht: `<path d="M250 520 L1030 520 L960 600 L330 600 Z" fill="#f8f4ea"/>
    <path d="M400 520 L450 440 L820 440 L900 520 Z" fill="#e9e2d0"/>
    <path d="M500 440 L540 390 L720 390 L760 440 Z" fill="#d8cfb8"/>
    <rect x="470" y="462" width="300" height="22" rx="6" fill="#1c2b44"/>
    <path d="M0 610 Q160 585 320 610 T640 610 T960 610 T1280 610 V800 H0 Z" fill="#0b1a2e" opacity="0.85"/>`,
  // A skyline with a cocktail glass.
  venue: `<path d="M0 620 V470 H90 V420 H170 V500 H240 V380 H330 V520 H400 V450 H470 V610 Z" fill="#0b0b14" opacity="0.8"/>
    <path d="M810 620 V430 H880 V360 H960 V480 H1040 V400 H1120 V520 H1190 V450 H1280 V620 Z" fill="#0b0b14" opacity="0.8"/>
    <path d="M540 300 H740 L640 420 Z" fill="#f8f4ea" opacity="0.9"/>
    <rect x="634" y="418" width="12" height="120" fill="#f8f4ea" opacity="0.9"/>
    <rect x="590" y="536" width="100" height="12" rx="6" fill="#f8f4ea" opacity="0.9"/>
    <circle cx="700" cy="300" r="26" fill="#e8c26a"/>`,
  // A lounge sofa behind a velvet rope.
  section: `<rect x="420" y="430" width="440" height="120" rx="30" fill="#5a1633"/>
    <rect x="380" y="400" width="80" height="170" rx="30" fill="#6d1b3f"/>
    <rect x="820" y="400" width="80" height="170" rx="30" fill="#6d1b3f"/>
    <rect x="450" y="360" width="380" height="90" rx="30" fill="#7a2147"/>
    <rect x="250" y="470" width="16" height="150" fill="#e8c26a"/><rect x="1014" y="470" width="16" height="150" fill="#e8c26a"/>
    <path d="M258 480 Q640 600 1022 480" stroke="#b0123c" stroke-width="14" fill="none"/>`,
};

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/**
 * A 1280×800 illustration, rendered from SVG by sharp: the placeholder shown for a venue, yacht
 * or section without photos, and the demo venues' photos. `hue` varies the evening sky. WebP
 * (every browser the product supports shows it): a quarter of the JPEG's bytes at the same look,
 * and the first list card's photo is the `/events` page's largest paint.
 */
export async function renderArtwork(kind: ArtworkKind, title: string, hue = 220): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,18%)"/><stop offset="0.6" stop-color="hsl(${(hue + 40) % 360},60%,35%)"/><stop offset="1" stop-color="hsl(38,70%,55%)"/>
    </linearGradient></defs>
    <rect width="1280" height="800" fill="url(#sky)"/>
    ${SHAPES[kind]}
    <text x="640" y="720" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="54" fill="#f8f4ea" opacity="0.92">${escapeXml(title)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
