import { Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useArea } from '@plinth/area-kit';
import { ConsoleLink } from '../../area/ConsoleLink';

// Project Settings → Authentication, Storage and Edge Functions: those settings live on their
// areas' own pages, so these pages say what is set where and lead there (a link the host resolves
// from the other area's manifest: absent when the environment has no such page, e.g. a hosted-only
// page on a self-hosted build).

interface Destination {
  label: string;
  /** What is set there. */
  about: string;
  to: string | null;
}

function Destinations({ title, description, items }: { title: string; description: string; items: Destination[] }) {
  const shown = items.filter((item): item is Destination & { to: string } => item.to !== null);
  return (
    <Section title={title} description={description}>
      {shown.length === 0 ? <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>These pages are not part of this console.</p> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.md }}>
        {shown.map((item) => (
          <li key={item.label} css={{ display: 'flex', alignItems: 'center', gap: tokens.space.lg, flexWrap: 'wrap' }}>
            <ConsoleLink to={item.to}>{item.label}</ConsoleLink>
            <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{item.about}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Where a link of this area's manifest leads on this project, or null when the environment has no such page. */
function useDestination() {
  const { props, projectRef } = useArea();
  return (name: string) => {
    try {
      return props.link(name, { ref: projectRef });
    } catch {
      return null;
    }
  };
}

export function AuthSettingsLinks() {
  const to = useDestination();
  return (
    <Destinations
      title="Authentication settings"
      description="How users sign in to your app is set on the Authentication pages."
      items={[
        { label: 'Sign-in providers', about: 'E-mail, phone and OAuth providers, with their keys.', to: to('authProviders') },
        { label: 'E-mail templates', about: 'The messages sent to confirm, invite, reset a password or sign in.', to: to('authEmailTemplates') },
        { label: 'URL configuration', about: "The site URL and the addresses users may be sent back to.", to: to('authUrlConfiguration') },
      ]}
    />
  );
}

export function StorageSettingsLinks() {
  const to = useDestination();
  return (
    <Destinations
      title="Storage settings"
      description="Files and who may reach them are set on the Storage pages."
      items={[
        { label: 'Storage settings', about: 'The largest file that may be uploaded to this project.', to: to('storageSettings') },
        { label: 'Storage policies', about: 'Who may read, upload, move and delete files, bucket by bucket.', to: to('storagePolicies') },
      ]}
    />
  );
}

export function FunctionsSettingsLinks() {
  const { props } = useArea();
  return (
    <Destinations
      title="Edge Functions"
      description="Functions and their secrets are managed on the Edge Functions page."
      items={[{ label: 'Edge Functions', about: 'The functions of this project.', to: `${props.basePath.replace(/\/$/, '')}/functions` }]}
    />
  );
}
