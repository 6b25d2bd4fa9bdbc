import { UsersPage as Users } from '../features/users/UsersPage';

/** /auth/users: the project's users. */
export default function UsersPage() {
  return <Users />;
}
