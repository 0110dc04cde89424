import { MailLink, PolicyPage, type PolicySection } from '../../../components/layout/policy-page';
import { CONTACT, POLICIES_LAST_UPDATED } from '../../../lib/site-config';

/** The safety page's sections (docs/product.md#public-safety). */
export const SAFETY_SECTIONS: PolicySection[] = [
  {
    title: 'Our Commitment to Safety',
    body: (
      <p>
        Every event on LuxeSwipe brings people together who have not met before. We build the product so that meeting is
        safe, and we act on every report.
      </p>
    ),
  },
  {
    title: 'Guidelines for Hosts and Guests',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Hosts: describe the event honestly, confirm the venue and keep the guest list to the booked capacity.</li>
        <li>Guests: meet at the venue, tell a friend where you are going and leave whenever you feel uncomfortable.</li>
        <li>Everyone: keep conversations on LuxeSwipe until you trust the other person.</li>
      </ul>
    ),
  },
  {
    title: 'Event Safety Requirements',
    body: (
      <p>
        Events take place at listed, approved venues. Every attendee must be 18 or older, venue rules and local law
        apply, and yacht events follow the captain's safety instructions.
      </p>
    ),
  },
  {
    title: 'Platform Safety Features',
    body: (
      <p>
        Verified accounts, hosts who approve each join request, messages only after an invite or request is accepted,
        and venues approved by our team before they are listed.
      </p>
    ),
  },
  {
    title: 'How to Report',
    body: (
      <p>
        Report a member, an event or a venue by writing to <MailLink address={CONTACT.safety} />. We answer every report
        within 24 hours.
      </p>
    ),
  },
  {
    title: 'Emergency Advice',
    body: (
      <p>
        If you are in danger, call the emergency services first: 911 in the United States. Then tell us, so we can act
        on the account involved.
      </p>
    ),
  },
  {
    title: 'Community Guidelines',
    body: (
      <p>
        Respect, consent and honesty. Harassment, discrimination, violence, and illegal activity lead to the removal of
        the account.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Safety team: <MailLink address={CONTACT.safety} />.
      </p>
    ),
  },
];

/** /safety: the public safety page. */
export function SafetyRoute() {
  return (
    <PolicyPage
      title="Safety"
      lastUpdated={POLICIES_LAST_UPDATED}
      backLabel="Back to Home"
      sections={SAFETY_SECTIONS}
    />
  );
}
