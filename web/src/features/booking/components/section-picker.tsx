import type { Section } from '@luxe/contracts';
import { formatMoney, formatPricePerHour } from '../../../lib/format';
import type { SectionCategory } from '../booking-rules';
import { ChoiceGroup } from './choice-group';
import { ImageCarousel } from '../../../components/image-carousel';

const CATEGORY_OPTIONS = [
  { value: 'vip', label: 'VIP Rooms' },
  { value: 'regular', label: 'Regular Sections' },
] as const;

/** VIP Rooms vs Regular Sections (strip clubs offering both). */
export function CategoryChoice({
  value,
  onChange,
}: {
  value: SectionCategory;
  onChange: (next: SectionCategory) => void;
}) {
  return (
    <ChoiceGroup
      name="section-category"
      legend="Section Type"
      options={CATEGORY_OPTIONS}
      value={value}
      onChange={onChange}
      columns="grid-cols-2"
    />
  );
}

/** ' · Minimum spend $2,500 · 25% deposit' (docs/product.md#booking-deposits), or nothing. */
export function depositTerms(s: Pick<Section, 'minimumSpend' | 'depositPercent'>): string {
  return `${s.minimumSpend != null ? ` · Minimum spend ${formatMoney(s.minimumSpend)}` : ''}${s.depositPercent > 0 ? ` · ${s.depositPercent}% deposit` : ''}`;
}

/** The sections to choose from, and the photos of the chosen one. */
export function SectionPicker({
  sections,
  value,
  onChange,
}: {
  sections: readonly Section[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const selected = sections.find((s) => s.id === value) ?? null;
  if (sections.length === 0) {
    return (
      <p
        role="status"
        className="rounded-2xl border border-white/10 bg-white/5 px-4 py-6 text-center text-sm text-neutral-300"
      >
        No sections are available at this venue yet.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ChoiceGroup
        name="section"
        legend="Choose a Section"
        value={value}
        onChange={onChange}
        columns="grid-cols-1 sm:grid-cols-2"
        options={sections.map((s) => ({
          value: s.id,
          ariaLabel: s.name,
          label: (
            <span className="flex items-center justify-between gap-2">
              <span>{s.name}</span>
              <span className="text-gold-200">{formatPricePerHour(s.pricePerHour)}</span>
            </span>
          ),
          description: (
            <>
              {s.isVipRoom ? 'VIP Room · ' : ''}
              Up to {s.capacity} guests{s.premiumLabel && s.premiumLabel !== '+0%' ? ` · ${s.premiumLabel}` : ''}
              {depositTerms(s)}
            </>
          ),
        }))}
      />
      {selected ? (
        <div
          className="flex flex-col gap-2 rounded-2xl border border-white/10 bg-white/5 p-3"
          data-testid="section-preview"
        >
          {/* A new section starts at its first photo (docs/product.md#booking-sections). */}
          <ImageCarousel
            key={selected.id}
            images={selected.images.length > 0 ? selected.images : [selected.imageUrl]}
            altOf={(i, n) => `${selected.name}, photo ${i + 1} of ${n}`}
            className="rounded-2xl"
            imageClassName="aspect-video"
            counter="none"
            dots
          />
          {selected.description ? <p className="text-sm text-neutral-200">{selected.description}</p> : null}
          {selected.amenities.length > 0 ? (
            <p className="text-xs text-neutral-300">Amenities: {selected.amenities.join(', ')}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
