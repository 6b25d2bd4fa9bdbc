/**
 * The project status and its polling rules (000 §4.2), in one place: the query options every status
 * screen, the start-up prefetch and the areas ask with, so they share one cache entry per project
 * and poll by the same rules. Plain options objects: this package stays free of React Query.
 */
import {
  CONNECTING_POLL_INTERVAL_MS,
  LIVE_CHECK_TIMEOUT_MS,
  PAUSING_POLL_DELAY_MS,
  PAUSING_POLL_INTERVAL_MS,
  RESTORE_POLL_INTERVAL_MS,
  SETUP_POLL_INTERVAL_MS,
  STATUS_TIMEOUT_MS,
} from './constants';
import { queryKeys } from './query-keys';
import { usesLiveCheck, type Project, type ProjectsClient, type ProjectStatus, type ProjectStatusAnswer } from './projects';

/** The status screens of §4.2 that poll the project status. */
export type StatusPollingScreen = 'setting-up' | 'pausing' | 'restoring';

export interface StatusPollingRule {
  /** Wait this long after the screen shows before the first call. */
  startAfterMs: number;
  /** Then ask every this many milliseconds… */
  everyMs: number;
  /** …until the status is one of these. */
  until: readonly ProjectStatus[];
}

/** 000 §4.2: Setting up, Pausing and Restoring. */
export const STATUS_POLLING: Record<StatusPollingScreen, StatusPollingRule> = {
  'setting-up': { startAfterMs: 0, everyMs: SETUP_POLL_INTERVAL_MS, until: ['ACTIVE_HEALTHY'] },
  pausing: { startAfterMs: PAUSING_POLL_DELAY_MS, everyMs: PAUSING_POLL_INTERVAL_MS, until: ['INACTIVE'] },
  restoring: { startAfterMs: 0, everyMs: RESTORE_POLL_INTERVAL_MS, until: ['ACTIVE_HEALTHY', 'RESTORATION_FAILED'] },
};

/** When a screen asks next after the status `latest`: its interval, or false once the status is one it waits for. */
export function nextStatusPoll(screen: StatusPollingScreen, latest: ProjectStatus | undefined): number | false {
  const rule = STATUS_POLLING[screen];
  return latest !== undefined && rule.until.includes(latest) ? false : rule.everyMs;
}

/** What React Query hands a refetchInterval function, as far as these rules read it. */
interface PolledQuery<T> {
  state: { data?: T };
}

/**
 * The project status query: one key per project, one call with the 2 s time-out (000 §9). Without
 * a screen it is read once (an area asking what state its project is in); with one it polls by
 * that screen's rule, in the background too. Pausing's start delay is the screen's to keep
 * (`STATUS_POLLING.pausing.startAfterMs`): the query is enabled once it has passed.
 */
export function projectStatusQuery(projects: Pick<ProjectsClient, 'getStatus'>, ref: string, screen?: StatusPollingScreen) {
  return {
    queryKey: queryKeys.projectStatus(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }): Promise<ProjectStatusAnswer> => projects.getStatus(ref, { timeoutMs: STATUS_TIMEOUT_MS, signal }),
    staleTime: 0,
    ...(screen
      ? {
          refetchInterval: (query: PolledQuery<ProjectStatusAnswer>) => nextStatusPoll(screen, query.state.data?.status),
          refetchIntervalInBackground: true,
        }
      : {}),
  };
}

/**
 * The connecting screen's check of §4.2: the project API (/live for kpsVersion 3.8.6 or later,
 * else the REST root) with the 2 s time-out, every 4 s until it answers. The start-up prefetch
 * asks it once, under the same key.
 */
export function projectApiCheckQuery(projects: Pick<ProjectsClient, 'live' | 'restRoot'>, project: Pick<Project, 'ref' | 'kpsVersion'>) {
  return {
    queryKey: queryKeys.projectLive(project.ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const options = { timeoutMs: LIVE_CHECK_TIMEOUT_MS, signal };
      if (usesLiveCheck(project.kpsVersion)) await projects.live(project.ref, options);
      else await projects.restRoot(project.ref, options);
      return { reachable: true as const };
    },
    retry: false,
    staleTime: 0,
    refetchInterval: (query: PolledQuery<{ reachable: true }>) => (query.state.data ? false : CONNECTING_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
  };
}

