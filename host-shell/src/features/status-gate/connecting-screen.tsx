import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  CONNECTING_POLL_INTERVAL_MS,
  LIVE_CHECK_TIMEOUT_MS,
  queryKeys,
  SUPPORT_PROMPT_AFTER_MS,
  usesLiveCheck,
  type Project,
} from '@plinth/shared-contracts';
import { useApi } from '../../app/use-api';
import { supportLink } from '../support/support-link';
import { useConnectionStore } from './connection-store';
import { ScreenPanel, mutedCss } from './screen-panel';

/**
 * Connecting screen (§4.2): while the project has a REST URL, checks the project API every 4 s;
 * once it answers the project is marked ONLINE. After 2 minutes without an answer a support prompt shows.
 */
export function ConnectingScreen({ project }: { project: Project }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const markConnected = useConnectionStore((s) => s.markConnected);
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const hasRestUrl = !!project.restUrl;

  const live = useQuery({
    queryKey: queryKeys.projectLive(project.ref),
    queryFn: async () => {
      const options = { timeoutMs: LIVE_CHECK_TIMEOUT_MS };
      if (usesLiveCheck(project.kpsVersion)) await api.projects.live(project.ref, options);
      else await api.projects.restRoot(project.ref, options);
      return { reachable: true as const };
    },
    enabled: hasRestUrl,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data ? false : CONNECTING_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
  });
  const reachable = !hasRestUrl || live.data?.reachable === true;

  useEffect(() => {
    if (!reachable) return;
    queryClient.setQueryData<Project>(queryKeys.project(project.ref), (p) => (p ? { ...p, postgrestStatus: 'ONLINE' } : p));
    markConnected(project.ref);
  }, [reachable, project.ref, queryClient, markConnected]);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), SUPPORT_PROMPT_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <ScreenPanel title="Connecting to project" busy>
      <p css={mutedCss}>Waiting for {project.name}'s API to answer. This page continues by itself once it does.</p>
      {waitedTooLong ? (
        <div role="alert">
          <p>We have not been able to reach your project for 2 minutes.</p>
          <Link
            to={supportLink({
              category: 'Database_unresponsive',
              ref: project.ref,
              subject: `Unable to connect to project ${project.ref}`,
              message: `The console could not reach the API of project ${project.name} (${project.ref}) for more than 2 minutes.`,
            })}
          >
            Contact support
          </Link>
        </div>
      ) : null}
    </ScreenPanel>
  );
}
