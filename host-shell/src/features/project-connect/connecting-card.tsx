import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Http, Project } from '@plinth/shared-contracts';
import { createSettingsClient, type ProjectSettings } from '@plinth/contracts-settings';
import { buttonCss } from '@plinth/shared-ui/button';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { KeyIcon } from '@plinth/shared-ui/icons';
import { Card, InlineError, KeyValueList, LoadingSkeleton, Tabs } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useShellApi } from '../../app/api';
import { useShellLink } from '../../areas/shell-links';
import {
  connectionStringWithPassword,
  curlQuickStart,
  EXAMPLE_TABLE,
  PASSWORD_PLACEHOLDER,
  psqlQuickStart,
  QUICK_STARTS,
  supabaseJsQuickStart,
  type ProjectAccess,
  type QuickStartKey,
} from './quick-starts';
import { shellKeys } from '../../query-keys';

const settingsClients = new WeakMap<Http, ReturnType<typeof createSettingsClient>>();
function settingsClient(http: Http) {
  let client = settingsClients.get(http);
  if (!client) {
    client = createSettingsClient(http);
    settingsClients.set(http, client);
  }
  return client;
}

/** The project URL and anon key from the project settings (the API keys page reads the same, under the same key). */
function accessOf(settings: ProjectSettings): ProjectAccess | null {
  const service = settings.services.find((s) => s.service_api_keys.length > 0);
  const anon = service?.service_api_keys.find((k) => k.tags.split(',').includes('anon'));
  if (!service || !anon) return null;
  return { projectUrl: `${service.app_config.protocol}://${service.app_config.endpoint}`, anonKey: anon.api_key };
}

const muted = { color: tokens.color.textMuted, margin: 0, fontSize: tokens.fontSize.sm, lineHeight: tokens.lineHeight.normal } as const;
const mono = { fontFamily: tokens.font.mono } as const;

/**
 * The project home's "Connecting" card: the project's ref and URL, where its keys are, the database
 * connection string (or, for an embedded database, why there is none) and a quick start in
 * supabase-js, curl and psql, each with a copy button.
 */
export function ConnectingCard({ project }: { project: Project }) {
  const { http } = useShellApi();
  const link = useShellLink();
  const apiKeys = link('apiKeys', {}, { projectRef: project.ref });
  const sqlEditor = link('newQuery', {}, { projectRef: project.ref });
  const settings = useQuery({ queryKey: shellKeys.projectSettings(project.ref), queryFn: () => settingsClient(http).getProjectSettings(project.ref) });
  const access = settings.data ? accessOf(settings.data) : null;
  const connection = connectionStringWithPassword(project.connectionString);
  const role = project.connectionString ? decodeURIComponent(new URL(project.connectionString).username) : '';
  const [tab, setTab] = useState<QuickStartKey>('supabase-js');

  const needsAccess = (render: (a: ProjectAccess) => ReactNode) => {
    if (settings.isLoading) return <LoadingSkeleton label="Loading the project URL and key" rows={2} shape="text" />;
    if (settings.isError) return <InlineError message="Could not load the project URL and key" detail={(settings.error as Error).message} onRetry={() => void settings.refetch()} />;
    if (!access) return <p css={muted}>The project's API keys are still being made. This fills in when they are ready.</p>;
    return render(access);
  };
  const sqlEditorLink = sqlEditor ? (
    <>
      {' '}
      Run SQL in the <Link to={sqlEditor}>SQL editor</Link> instead.
    </>
  ) : null;

  const panels: Record<QuickStartKey, ReactNode> = {
    'supabase-js': needsAccess((a) => (
      <>
        <p css={muted}>Install the client, then read a table of yours (replace {EXAMPLE_TABLE}) with the anon key: rows come back as row level security allows.</p>
        <CodeBlock code={supabaseJsQuickStart(a)} label="supabase-js quick start" />
      </>
    )),
    curl: needsAccess((a) => (
      <>
        <p css={muted}>The same read over the data API.</p>
        <CodeBlock code={curlQuickStart(a)} label="curl quick start" />
      </>
    )),
    psql: psqlQuickStart(project.connectionString) ? (
      <>
        <p css={muted}>A session on the project's database as its own role (replace {PASSWORD_PLACEHOLDER}).</p>
        <CodeBlock code={psqlQuickStart(project.connectionString)!} label="psql quick start" />
      </>
    ) : (
      <p css={muted}>psql needs a database address, and this project's database has none (see Database above).{sqlEditorLink}</p>
    ),
  };

  return (
    <Card title="Connecting" description="Where your apps and tools reach this project.">
      <KeyValueList
        labelWidth="140px"
        items={[
          { key: 'ref', label: 'Project ref', value: <span css={mono}>{project.ref}</span> },
          { key: 'url', label: 'Project URL', value: needsAccess((a) => <CodeBlock code={a.projectUrl} label="Project URL" />) },
          {
            key: 'keys',
            label: 'API keys',
            value: apiKeys ? (
              <Link to={apiKeys} css={buttonCss('default', 'small')}>
                <KeyIcon size={14} />
                View API keys
              </Link>
            ) : (
              <span css={{ color: tokens.color.textMuted }}>Shown in the project settings</span>
            ),
          },
          {
            key: 'database',
            label: 'Database',
            value: connection ? (
              <div css={{ display: 'grid', gap: tokens.space.sm }}>
                <CodeBlock code={connection} label="Connection string" wrap />
                <p css={muted}>
                  Replace {PASSWORD_PLACEHOLDER} with the password of the role <span css={mono}>{role}</span>. The console never shows it: the server
                  derives it from a secret of its own, so ask whoever runs this Plinth server for it.
                </p>
              </div>
            ) : (
              <p css={muted} data-testid="no-connection-string">
                No connection string: this server keeps each project's database embedded in its own process (PGlite), with no address that psql or a
                driver could reach from outside. Apps reach the data through the project URL, with supabase-js or curl (below).{sqlEditorLink} A Plinth
                server started with DATABASE_URL gives every project a Postgres database with a connection string.
              </p>
            ),
          },
        ]}
      />
      <div css={{ display: 'grid', gap: tokens.space.md, marginTop: tokens.space.lg }}>
        <Tabs aria-label="Quick start" idPrefix="quick-start" items={QUICK_STARTS} value={tab} onValueChange={(key) => setTab(key as QuickStartKey)} />
        <div role="tabpanel" id={`quick-start-panel-${tab}`} aria-labelledby={`quick-start-tab-${tab}`} css={{ display: 'grid', gap: tokens.space.sm }}>
          {panels[tab]}
        </div>
      </div>
    </Card>
  );
}
