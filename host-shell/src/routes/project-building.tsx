import { Navigate } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { useProjectContext } from '../features/project-layout/project-context';

/**
 * /project/{ref}/building. While the project is coming up the status gate shows the building
 * screen here; once it is up this page hands over to the project home.
 */
export default function ProjectBuildingPage() {
  const { project } = useProjectContext();
  usePageTitle(`Setting up ${project.name}`);
  return <Navigate to={`/project/${project.ref}`} replace />;
}
