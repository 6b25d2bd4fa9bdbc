import { Tabs } from '@plinth/shared-ui/page';

export type DocsKey = 'anon' | 'service_role';

/** Which key the examples carry: anon always; service_role only for members who may see it. */
export function KeyToggle({ value, onChange, serviceRoleShown }: { value: DocsKey; onChange: (key: DocsKey) => void; serviceRoleShown: boolean }) {
  const items = [{ key: 'anon', label: 'anon (public)' }, ...(serviceRoleShown ? [{ key: 'service_role', label: 'service_role (secret)' }] : [])];
  return <Tabs aria-label="Key used in the examples" items={items} value={value} onValueChange={(k) => onChange(k as DocsKey)} />;
}
