import { PoliciesPage as Policies } from '../features/policies/PoliciesPage';

/** /auth/policies (?schema=…, ?search={tableId} from the table editor's View Policies): the RLS policies page. */
export default function PoliciesPage() {
  return <Policies />;
}
