import { useParams } from 'react-router-dom';
import { OrganizationGeneral } from '../features/organization/OrganizationGeneral';

/** /org/{slug}/general: the organization's name, slug and plan; the first organization page opened, so it loads without the others. */
export function GeneralPage() {
  const { slug = '' } = useParams();
  return <OrganizationGeneral slug={slug} />;
}
