import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Dancer, Section } from '@luxe/contracts';
import { accessibilityViolations } from '../../../testing/axe';
import { estimateAmounts, PriceSummary, ReserveBar } from './price-summary';

function section(overrides: Partial<Section> = {}): Section {
  return {
    id: '5ec71010-0000-4000-8000-000000000001',
    venueId: '0b7d3c1e-5a2f-4c8e-9d1a-000000000042',
    name: 'Balcony',
    type: 'Table',
    description: '',
    images: [],
    capacity: 6,
    pricePerHour: '500.00',
    amenities: [],
    isVipRoom: false,
    isExclusive: false,
    maxSimultaneousBookings: 999,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    premiumMultiplier: 1,
    premiumLabel: '+0%',
    imageUrl: '/api/placeholder-section',
    minimumSpend: null,
    depositPercent: 0,
    ...overrides,
  };
}

const roxy = { id: 'da9ce210-0000-4000-8000-000000000001', name: 'Roxy', priceModifier: '1.25' } as Dancer;

describe('PriceSummary: minimum spend, deposit and balance', () => {
  it('without a deposit or minimum spend: the total, all of it due at the venue, no deposit line', () => {
    render(<PriceSummary section={section()} dancer={null} hours={3} />);
    expect(screen.getByTestId('price-total')).toHaveTextContent('$1,500');
    expect(screen.getByTestId('price-balance')).toHaveTextContent('$1,500');
    expect(screen.queryByTestId('price-deposit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('price-minimum-spend')).not.toBeInTheDocument();
    expect(screen.queryByText(/paid by card now/)).not.toBeInTheDocument();
  });

  it('a minimum spend above the hours becomes the total, and says that it applies; 25 % of it is due now', () => {
    render(<PriceSummary section={section({ minimumSpend: '2500.00', depositPercent: 25 })} dancer={null} hours={2} />);
    expect(screen.getByTestId('price-minimum-spend')).toHaveTextContent('$2,500');
    expect(screen.getByText('Applies: 2 hours come to $1,000')).toBeInTheDocument();
    expect(screen.getByTestId('price-total')).toHaveTextContent('$2,500');
    expect(screen.getByText('Deposit due now (25%)')).toBeInTheDocument();
    expect(screen.getByTestId('price-deposit')).toHaveTextContent('$625');
    expect(screen.getByText('Balance due at the venue')).toBeInTheDocument();
    expect(screen.getByTestId('price-balance')).toHaveTextContent('$1,875');
    expect(screen.getByTestId('price-deposit-note')).toHaveTextContent(
      'The deposit is paid by card now; the balance is paid at the venue.',
    );
  });

  it('hours above the minimum spend are the total (the minimum is shown, without "applies")', () => {
    render(<PriceSummary section={section({ minimumSpend: '1000.00', depositPercent: 10 })} dancer={roxy} hours={2} />);
    // round(500 × 1.25) × 2 = 1250 > 1000.
    expect(screen.getByTestId('price-total')).toHaveTextContent('$1,250');
    expect(screen.queryByText(/^Applies/)).not.toBeInTheDocument();
    expect(screen.getByTestId('price-deposit')).toHaveTextContent('$125');
    expect(screen.getByTestId('price-balance')).toHaveTextContent('$1,125');
  });

  it('shows cents when the deposit has them (33 % of $1,000.01: $330.00 now, $670.01 at the venue)', () => {
    render(<PriceSummary section={section({ minimumSpend: '1000.01', depositPercent: 33 })} dancer={null} hours={1} />);
    expect(screen.getByTestId('price-total')).toHaveTextContent('$1,000.01');
    expect(screen.getByTestId('price-deposit')).toHaveTextContent('$330');
    expect(screen.getByTestId('price-balance')).toHaveTextContent('$670.01');
  });

  it('estimates with the contract functions the server uses', () => {
    expect(estimateAmounts(section({ minimumSpend: '2500.00', depositPercent: 25 }), 2, null)).toEqual({
      total: 2500,
      minimumSpend: 2500,
      depositPercent: 25,
      depositAmount: 625,
      balanceDue: 1875,
    });
    expect(estimateAmounts(section({ depositPercent: 100 }), 1, null)).toMatchObject({
      depositAmount: 500,
      balanceDue: 0,
    });
  });

  it('asks for a section before pricing', () => {
    render(<PriceSummary section={null} dancer={null} hours={3} />);
    expect(screen.getByText('Choose a section to see the price.')).toBeInTheDocument();
    expect(screen.queryByTestId('price-balance')).not.toBeInTheDocument();
  });

  it('has no accessibility violations with a deposit', async () => {
    const { container } = render(
      <PriceSummary section={section({ minimumSpend: '2500.00', depositPercent: 25 })} dancer={roxy} hours={2} />,
    );
    expect(await accessibilityViolations(container)).toEqual([]);
  });
});

describe('ReserveBar', () => {
  it('with a deposit: the total, the deposit due now, and Pay Deposit', () => {
    const onReserve = vi.fn();
    render(<ReserveBar total={2500} deposit={625} missing={[]} pending={false} onReserve={onReserve} />);
    expect(screen.getByTestId('reserve-deposit')).toHaveTextContent('Deposit due now: $625');
    screen.getByRole('button', { name: 'Pay Deposit' }).click();
    expect(onReserve).toHaveBeenCalledTimes(1);
  });

  it('without a deposit: Reserve, no deposit line', () => {
    render(<ReserveBar total={1500} missing={[]} pending={false} onReserve={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeEnabled();
    expect(screen.queryByTestId('reserve-deposit')).not.toBeInTheDocument();
  });
});
