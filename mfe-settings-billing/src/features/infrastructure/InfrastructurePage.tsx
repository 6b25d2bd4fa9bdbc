import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlainPlaceholderPage as PlaceholderPage, errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { InlineError, KeyValueList, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip, Tooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import {
  DATABASE_UPGRADE_STEPS,
  genericPermissionNotice,
  PERMISSIONS,
  queryKeys,
  UPGRADE_STATUS_POLL_MS,
  upgradeProgressStep,
  type DatabaseInfrastructure,
  type DatabaseUpgradeStatus,
} from '@plinth/shared-contracts';
import { DEFAULT_COMPUTE_SIZE } from '@plinth/contracts-billing';
import { ConsoleLink } from '../../area/ConsoleLink';
import { keys } from '../../area/query-keys';
import { formatLocal, formatUtc } from './time';

const UPGRADE_NOTICE = genericPermissionNotice('upgrade the project database');
/** 000 §4.4. */
const DURATION_TEXT = 'Upgrade and restore can take minutes to several hours.';

/** Project Settings → Infrastructure (hosted only): the database's engine and version, and its upgrade (000 §4.4, 001 §4). */
export function InfrastructurePage() {
  return (
    <PlaceholderPage title="Infrastructure">
      <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xxl, maxWidth: 960 }}>
        <Infrastructure />
      </div>
    </PlaceholderPage>
  );
}

function Infrastructure() {
  const { api, projectRef } = useArea();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: keys.upgradeEligibility(projectRef), queryFn: () => api.databaseUpgrade.getEligibility(projectRef) });
  // 001 §4: while the status reads Upgrading the check repeats every 5 s; when Upgraded appears, the eligibility is read again.
  const status = useQuery({
    queryKey: queryKeys.upgradeStatus(projectRef),
    queryFn: () => api.projects.getUpgradeStatus(projectRef),
    refetchInterval: (q) => (q.state.data?.databaseUpgradeStatus?.status === 'Upgrading' ? UPGRADE_STATUS_POLL_MS : false),
  });
  const last = status.data?.databaseUpgradeStatus ?? null;
  const seen = useRef(last?.status);
  useEffect(() => {
    if (seen.current === 'Upgrading' && last?.status === 'Upgraded') void queryClient.invalidateQueries({ queryKey: keys.upgradeEligibility(projectRef) });
    seen.current = last?.status;
  }, [last?.status, projectRef, queryClient]);

  return (
    <>
      <Section title="Database" description="The Postgres engine that runs your project's database and the platform image it was made from.">
        {info.isPending ? (
          <LoadingSkeleton label="Loading the database version" rows={3} />
        ) : info.isError ? (
          <InlineError message="Failed to retrieve the database version" detail={errorMessage(info.error)} onRetry={() => void info.refetch()} />
        ) : (
          <>
            <KeyValueList
              items={[
                { key: 'engine', label: 'Engine', value: info.data.engine },
                { key: 'major', label: 'Postgres version', value: info.data.postgres_major ?? 'Unknown while the project is not active' },
                { key: 'version', label: 'Database version', value: <code>{info.data.current_version}</code> },
              ]}
            />
          </>
        )}
      </Section>
      <ComputeSize />
      <Section title="Upgrade" description={`A newer database version moves your data into a new database made from the current platform image. ${DURATION_TEXT}`}>
        {info.isPending ? <LoadingSkeleton label="Loading the available upgrade" rows={2} /> : info.isError ? null : <UpgradeOffer info={info.data} />}
      </Section>
      <Section title="Last upgrade">
        {status.isPending ? (
          <LoadingSkeleton label="Loading the last upgrade" rows={2} />
        ) : status.isError ? (
          <InlineError message="Failed to retrieve the upgrade status" detail={errorMessage(status.error)} onRetry={() => void status.refetch()} />
        ) : last ? (
          <LastUpgrade status={last} />
        ) : (
          <p css={{ margin: 0, color: tokens.color.textMuted }}>This project's database has not been upgraded.</p>
        )}
      </Section>
    </>
  );
}

/** The instance the project database runs on: the compute-size add-on chosen on Add Ons, else the smallest. */
function ComputeSize() {
  const { api, projectRef } = useArea();
  const addons = useQuery({ queryKey: keys.projectAddons(projectRef), queryFn: () => api.addons.listAddons(projectRef) });
  const selected = addons.data?.selected.find((a) => a.kind === 'compute_size');
  return (
    <Section title="Compute" description="The instance your project's database runs on. A larger size is an add-on, billed by the hour.">
      {addons.isPending ? (
        <LoadingSkeleton label="Loading the compute size" rows={1} />
      ) : addons.isError ? (
        <InlineError message="Failed to retrieve the compute size" detail={errorMessage(addons.error)} onRetry={() => void addons.refetch()} />
      ) : (
        <div css={{ display: 'grid', gap: tokens.space.md }}>
          <KeyValueList
            items={[
              { key: 'size', label: 'Compute size', value: addons.data.compute_size },
              { key: 'instance', label: 'Instance', value: selected ? selected.description : `The smallest instance, included with every project (${DEFAULT_COMPUTE_SIZE})` },
            ]}
          />
          <div>
            <ConsoleLink to={`/project/${projectRef}/settings/addons`} size="small">
              Change compute size
            </ConsoleLink>
          </div>
        </div>
      )}
    </Section>
  );
}

function UpgradeOffer({ info }: { info: DatabaseInfrastructure }) {
  const { api, projectRef, can, props } = useArea();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const allowed = can(PERMISSIONS.PROJECTS_WRITE);
  const start = useMutation({
    mutationFn: (target: string) => api.databaseUpgrade.start(projectRef, { target_version: target }),
    onSuccess: (answer) => {
      setOpen(false);
      queryClient.setQueryData(queryKeys.upgradeStatus(projectRef), answer);
      props.notify({ kind: 'success', message: 'The database upgrade has started' });
      // The project is UPGRADING now: the shell's upgrade screen takes over once it reads the status.
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectStatus(projectRef) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectRef), exact: true });
    },
  });
  if (!info.target_version) {
    return <p css={{ margin: 0, color: tokens.color.textMuted }}>{info.reason ?? 'Your database is on the latest version.'}</p>;
  }
  const trigger = (
    <Button variant="primary" disabled={allowed && !info.eligible}>
      Upgrade database
    </Button>
  );
  return (
    <div css={{ display: 'grid', gap: tokens.space.md }}>
      <KeyValueList
        items={[
          { key: 'from', label: 'Current version', value: <code>{info.current_version}</code> },
          { key: 'to', label: 'Available version', value: <code>{info.target_version}</code> },
        ]}
      />
      <ul css={{ margin: 0, paddingLeft: tokens.space.lg, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm, display: 'grid', gap: tokens.space.xs }}>
        <li>Your data, schemas, functions and secrets are carried into a new database made from the current platform image, through eight steps.</li>
        <li>The project is offline during the upgrade: your apps cannot reach its APIs or its database until it ends.</li>
        <li>If a step fails, the project comes back online on its old database with its data unaffected.</li>
      </ul>
      {!info.eligible && info.reason ? <p css={{ margin: 0, color: tokens.color.textMuted }}>{info.reason}</p> : null}
      <div>
        {!allowed ? (
          <PermissionTooltip allowed={false} message={UPGRADE_NOTICE}>
            {trigger}
          </PermissionTooltip>
        ) : (
          <Dialog
            open={open}
            onOpenChange={(o) => {
              setOpen(o);
              if (!o) start.reset();
            }}
            title="Upgrade the project database"
            description={`Your project goes offline while its data moves to ${info.target_version}. ${DURATION_TEXT}`}
            trigger={trigger}
            footer={
              <>
                <DialogClose asChild>
                  <Button>Cancel</Button>
                </DialogClose>
                <Button variant="primary" loading={start.isPending} onClick={() => start.mutate(info.target_version!)}>
                  Upgrade now
                </Button>
              </>
            }
          >
            {start.isError ? <InlineError message="The upgrade did not start" detail={errorMessage(start.error)} /> : null}
          </Dialog>
        )}
      </div>
    </div>
  );
}

function LastUpgrade({ status }: { status: DatabaseUpgradeStatus }) {
  const step = upgradeProgressStep(status.progress);
  const label = DATABASE_UPGRADE_STEPS[step - 1]?.label;
  const state =
    status.status === 'Upgraded'
      ? 'Upgraded: the project is on the new database'
      : status.status === 'Failed'
        ? 'Failed: the project is back online on its old database, data is unaffected'
        : `Upgrading${label ? `: step ${step} of ${DATABASE_UPGRADE_STEPS.length}, ${label}` : ''}`;
  return (
    <div css={{ display: 'grid', gap: tokens.space.md }} data-testid="last-upgrade">
      <KeyValueList
        items={[
          { key: 'status', label: 'Status', value: <span role="status">{state}</span> },
          {
            key: 'started',
            label: 'Started',
            value: (
              <Tooltip content={`Local time: ${formatLocal(status.initiated_at)}`}>
                <time dateTime={status.initiated_at} tabIndex={0} css={{ borderBottom: `1px dotted ${tokens.color.textMuted}`, cursor: 'help' }}>
                  {formatUtc(status.initiated_at)}
                </time>
              </Tooltip>
            ),
          },
          { key: 'target', label: 'Target version', value: <code>{status.target_version}</code> },
        ]}
      />
      {status.status === 'Failed' && status.error ? <InlineError message="The upgrade failed" detail={status.error} /> : null}
    </div>
  );
}
