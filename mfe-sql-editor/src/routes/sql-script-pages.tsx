import { ScriptGallery } from '../features/sql-templates/ScriptGallery';
import { QUICKSTARTS, TEMPLATES } from '../features/sql-templates/scripts';

// The Templates and Quickstarts pages with their scripts, in a chunk of their own (see sql.tsx): a
// query page does not fetch them.

export function TemplatesPage() {
  return <ScriptGallery title="Templates" description="Scripts for common tasks: tables with row level security, search, storage policies. Open one as a new query, read it, then run it." scripts={TEMPLATES} />;
}

export function QuickstartsPage() {
  return <ScriptGallery title="Quickstarts" description="Small apps' schemas with sample data, ready to run and query." scripts={QUICKSTARTS} />;
}
