import { LegalPage } from '../features/legal/legal-page';

const SECTIONS = [
  {
    heading: 'Your account',
    body: <p>You keep your sign-in details to yourself and are responsible for what is done with your account. Tell us at once if you think someone else has used it.</p>,
  },
  {
    heading: 'Your projects and data',
    body: (
      <p>
        What you store in your projects stays yours. We keep it, back it up and serve it only to run the service for you. You may export or delete it at any time; a deleted project
        is gone for good.
      </p>
    ),
  },
  {
    heading: 'Fair use',
    body: <p>Do not use Plinth to break the law, to attack other systems, or in a way that harms other customers. We may pause a project that does, and will tell you why.</p>,
  },
  {
    heading: 'Plans and billing',
    body: <p>The free plan has the limits shown on the billing page. Paid plans are billed monthly in advance; you can change or cancel your plan from the organization’s billing page.</p>,
  },
  {
    heading: 'Availability',
    body: <p>We work to keep the service running at all times, but cannot promise it never stops. Paused projects keep their data until you restore or delete them.</p>,
  },
  {
    heading: 'Changes',
    body: <p>When these terms change we say so by email and in the console at least 30 days before the new terms apply.</p>,
  },
];

/** /terms: the Terms of Service the sign-in page names. */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      effective="1 November 2026"
      intro={<p>These terms cover your use of Plinth, the console and the platform behind it. By creating an account you agree to them.</p>}
      sections={SECTIONS}
    />
  );
}
