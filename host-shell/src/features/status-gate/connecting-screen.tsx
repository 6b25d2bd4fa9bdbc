import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { projectApiCheckQuery, SUPPORT_PROMPT_AFTER_MS, type Project } from '@plinth/shared-contracts';
import { buttonCss } from '@plinth/shared-ui/button';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { useApi } from '../../app/use-api';
import { supportLink } from '../../support/support-link';
import { markProjectReachable } from './project-api-check';
import { ScreenPanel, mutedCss } from './screen-panel';

/**
 * Connecting screen (§4.2): while the project has a REST URL, checks the project API every 4 s;
 * once it answers the project is marked ONLINE. After 2 minutes without an answer a support prompt shows.
 */
export function ConnectingScreen({ project }: { project: Project }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const hasRestUrl = !!project.restUrl;

  const live = useQuery({ ...projectApiCheckQuery(api.projects, project), enabled: hasRestUrl });
  const reachable = !hasRestUrl || live.data?.reachable === true;

  useEffect(() => {
    if (reachable) markProjectReachable(queryClient, project.ref);
  }, [reachable, project.ref, queryClient]);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), SUPPORT_PROMPT_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <ScreenPanel title="Connecting to project" busy>
      <p css={mutedCss}>Waiting for {project.name}'s API to answer. This page continues by itself once it does.</p>
      {waitedTooLong ? (
        <InlineNotice
          kind="warning"
          title="We have not been able to reach your project for 2 minutes."
          action={
          <Link
            css={buttonCss('default', 'small')}
            to={supportLink({
              category: 'Database_unresponsive',
              ref: project.ref,
              subject: `Unable to connect to project ${project.ref}`,
              message: `The console could not reach the API of project ${project.name} (${project.ref}) for more than 2 minutes.`,
            })}
          >
            Contact support
          </Link>
          }
        />
      ) : null}
    </ScreenPanel>
  );
}
