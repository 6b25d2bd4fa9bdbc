import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type Project } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { ScreenPanel, mutedCss } from './screen-panel';
import { useStatusPolling } from './use-status-polling';

const CLIENT_LIBRARIES = ['JavaScript', 'Python', 'Dart', 'Swift', 'Kotlin', 'C#'];
const EXAMPLE_PROJECTS = [
  { name: 'Todo list with row-level security', detail: 'Each user sees only their own tasks.' },
  { name: 'Photo sharing with storage', detail: 'Upload to a bucket, serve signed URLs.' },
  { name: 'Team chat with realtime logs', detail: 'Messages in Postgres, activity in the logs explorer.' },
];

/** Setting-up screen (§2.3): polls the status every 4 s and refreshes the project once it is healthy (§4.2). */
export function BuildingScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const healthy = useStatusPolling(project, 'setting-up') === 'ACTIVE_HEALTHY';
  useEffect(() => {
    if (healthy) void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
  }, [healthy, queryClient]);

  return (
    <ScreenPanel title={`Setting up ${project.name}`} busy={!healthy}>
      <div role="progressbar" aria-label="Project setup" aria-valuetext={healthy ? 'Ready' : 'Setting up'} css={{ height: 6, borderRadius: 3, background: tokens.color.surfaceRaised, overflow: 'hidden', marginBottom: tokens.space.md }}>
        <div css={{ width: healthy ? '100%' : '60%', height: '100%', background: tokens.color.brand, transition: 'width 400ms' }} />
      </div>
      <p css={mutedCss}>
        {healthy ? 'Your project is ready.' : 'We are preparing the database, API and storage. This page updates by itself.'}
      </p>
      <h2 css={{ fontSize: tokens.fontSize.lg }}>Client libraries</h2>
      <ul aria-label="Client libraries" css={{ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, listStyle: 'none', padding: 0 }}>
        {CLIENT_LIBRARIES.map((name) => (
          <li key={name} css={{ padding: `${tokens.space.xs} ${tokens.space.sm}`, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md }}>
            {name}
          </li>
        ))}
      </ul>
      <h2 css={{ fontSize: tokens.fontSize.lg }}>Example projects</h2>
      <ul aria-label="Example projects" css={{ paddingLeft: tokens.space.lg }}>
        {EXAMPLE_PROJECTS.map((example) => (
          <li key={example.name}>
            <strong>{example.name}</strong> — {example.detail}
          </li>
        ))}
      </ul>
    </ScreenPanel>
  );
}
