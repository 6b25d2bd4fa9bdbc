import { LegalPage } from '../features/legal/legal-page';

const SECTIONS = [
  {
    heading: 'What we collect',
    body: <p>Your email address, your password (stored only as a salted hash), the organizations and projects you create, and the usage figures we need to run and bill them.</p>,
  },
  {
    heading: 'What we do with it',
    body: <p>We use it to run your projects, to sign you in, to send the emails the service needs (and updates, which you can turn off), and to keep the platform secure.</p>,
  },
  {
    heading: 'Cookies',
    body: <p>The console sets one session cookie to keep you signed in and one to protect your changes from forged requests. It remembers your theme in your browser. There are no advertising cookies.</p>,
  },
  {
    heading: 'Who sees it',
    body: <p>Members of your organizations see its projects. We do not sell your data. Providers that host the platform for us process it only on our instructions.</p>,
  },
  {
    heading: 'Your choices',
    body: <p>You can see and change your account details in your account preferences, export your data, and delete your account. Ask support for a copy of what we hold about you.</p>,
  },
];

/** /privacy: the Privacy Policy the sign-in page names. */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      effective="1 November 2026"
      intro={<p>This policy says what Plinth keeps about you and your projects, why, and what you can do about it.</p>}
      sections={SECTIONS}
    />
  );
}
