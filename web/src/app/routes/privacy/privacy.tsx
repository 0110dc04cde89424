import { MailLink, PolicyPage, type PolicySection } from '../../../components/layout/policy-page';
import { CONTACT, POLICIES_LAST_UPDATED } from '../../../lib/site-config';

/** The twelve sections of the privacy policy (docs/product.md#public-privacy: deletion within 30 days, 18+ only). */
export const PRIVACY_SECTIONS: PolicySection[] = [
  {
    title: 'Introduction',
    body: (
      <p>
        This policy explains what LuxeSwipe collects when you use our website and services, why, and the choices you
        have.
      </p>
    ),
  },
  {
    title: 'Information We Collect',
    body: (
      <p>
        Account details (name, email, phone number if you give it, password stored only as a secure hash), your city and
        state, profile details (age, bio, photos), bookings, invites, join requests, messages, and technical data such
        as your IP address and session cookie.
      </p>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <p>
        To run your account, show you events and venues near you, connect hosts and guests, process bookings and
        payments, keep the community safe, and answer your requests.
      </p>
    ),
  },
  {
    title: 'How We Share Information',
    body: (
      <p>
        Hosts and guests you interact with see your public profile (first name, photos, city, age, bio). Venue owners
        see the bookings made at their venues. We never sell your personal data.
      </p>
    ),
  },
  {
    title: 'Payments',
    body: <p>Card payments are processed by our payment provider. We never see or store your full card number.</p>,
  },
  {
    title: 'Photos and Your Public Profile',
    body: (
      <p>
        Photos you upload are checked and stored without their embedded metadata (such as GPS position and camera
        details).
      </p>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <p>We use one essential session cookie to keep you signed in. It is httpOnly and is removed when you log out.</p>
    ),
  },
  {
    title: 'Data Retention and Deletion',
    body: (
      <p>
        You can delete your account at any time from your profile. Your data is removed from our systems within 30 days
        of the deletion, except where the law requires us to keep records.
      </p>
    ),
  },
  {
    title: 'Your Rights and Choices',
    body: (
      <p>
        You can see and correct your profile, download or delete your data, and object to processing by writing to us.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        Passwords are hashed, internal calls are signed, and access to your data is limited to what each part of the
        service needs.
      </p>
    ),
  },
  {
    title: 'Age Requirement',
    body: <p>LuxeSwipe is for adults only. You must be 18 or older to create an account.</p>,
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Privacy questions: <MailLink address={CONTACT.privacy} />. Anything else: <MailLink address={CONTACT.support} />
        .
      </p>
    ),
  },
];

/** /privacy: the public privacy policy. */
export function PrivacyRoute() {
  return (
    <PolicyPage
      title="Privacy Policy"
      lastUpdated={POLICIES_LAST_UPDATED}
      backLabel="Back to Home"
      sections={PRIVACY_SECTIONS}
    />
  );
}
