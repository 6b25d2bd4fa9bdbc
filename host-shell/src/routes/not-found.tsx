import { Link } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div role="alert" css={{ padding: 32, textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/projects">Go to your projects</Link>
    </div>
  );
}
