import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { venueImageSrcSet } from '@luxe/contracts';
import { VenueImage } from './venue-image';

const OWNER = '0d5a1c3e-7f10-4a51-9c1e-000000000003';

describe('VenueImage: the small copy for what is shown small', () => {
  it("offers a photo's copy 800 wide beside the photo, with the place it takes", () => {
    const src = `/api/images/venues/${OWNER}/a.jpg`;
    render(
      <VenueImage
        venue={{ name: 'Velvet', type: 'club', imageUrl: src }}
        priority
        sizes="(min-width: 640px) 50vw, 100vw"
      />,
    );
    const img = screen.getByRole('img', { name: 'Photo of Velvet' });
    expect(img).toHaveAttribute('src', src);
    expect(img).toHaveAttribute('srcset', `${src}?w=800 800w, ${src} 2048w`);
    expect(img).toHaveAttribute('sizes', '(min-width: 640px) 50vw, 100vw');
  });

  it('a placeholder has one too; a path the server has no small copy of gets none', () => {
    expect(venueImageSrcSet('/api/placeholder-yacht')).toBe(
      '/api/placeholder-yacht?w=800 800w, /api/placeholder-yacht 2048w',
    );
    expect(venueImageSrcSet('/api/images/users/u/a.jpg')).toBeUndefined();
    expect(venueImageSrcSet('https://elsewhere.example/a.jpg')).toBeUndefined();
  });

  it("a photo that fails falls back to its kind's placeholder, small copy and all", () => {
    render(
      <VenueImage
        venue={{ name: 'Biscayne Star', type: 'yacht', imageUrl: `/api/images/venues/${OWNER}/gone.jpg` }}
        priority
      />,
    );
    const img = screen.getByRole('img', { name: 'Photo of Biscayne Star' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/api/placeholder-yacht');
    expect(img).toHaveAttribute('srcset', '/api/placeholder-yacht?w=800 800w, /api/placeholder-yacht 2048w');
    expect(img).toHaveAttribute('sizes', '100vw');
  });
});
