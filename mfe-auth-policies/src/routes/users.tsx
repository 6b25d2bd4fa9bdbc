import { PlaceholderPage } from '@plinth/area-kit';

/** /auth/users: the project's users (page to come). */
export default function UsersPage() {
  return <PlaceholderPage title="Users" description="People who signed up to your project." />;
}
