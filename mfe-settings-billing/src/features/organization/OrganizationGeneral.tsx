import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';
import { PageHeader } from '@plinth/shared-ui/layout';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { InlineError, KeyValueList, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { PERMISSIONS, queryKeys, UpdateOrganizationBodySchema, type Organization } from '@plinth/shared-contracts';
import { errorMessage, useArea } from '@plinth/area-kit';
import { RenameForm } from '../../area/RenameForm';
import { useOrganization } from './OrganizationMenu';

/**
 * /org/{slug}/general: the organization's name (renamed for every member at once), its slug and
 * plan; deleting it (Owners, its name typed; the API refuses while it has projects and says which).
 */
export function OrganizationGeneral({ slug }: { slug: string }) {
  const org = useOrganization(slug);
  const header = <PageHeader title="General" description="The organization's details." />;
  const body = org.isPending ? (
    <LoadingSkeleton label="Loading the organization" rows={2} />
  ) : org.isError ? (
    <InlineError message="Failed to retrieve the organization" detail={errorMessage(org.error)} onRetry={() => void org.refetch()} />
  ) : (
    <>
      <OrganizationDetails org={org.data} />
      <DeleteOrganization org={org.data} />
    </>
  );
  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 900 }}>{body}</div>
    </>
  );
}

function OrganizationDetails({ org }: { org: Organization }) {
  const { api, can, props } = useArea();
  const queryClient = useQueryClient();
  const rename = async (name: string) => {
    const saved = await api.organizations.update(org.slug, { name });
    queryClient.setQueryData(queryKeys.organization(org.slug), saved);
    void queryClient.invalidateQueries({ queryKey: queryKeys.organizations(), exact: true });
    props.notify({ kind: 'success', message: `Organization renamed to ${saved.name}` });
  };
  return (
    <Section title="Organization details" description="The name every member sees; the slug is part of the organization's addresses and never changes.">
      <RenameForm
        label="Organization name"
        current={org.name}
        mayWrite={can(PERMISSIONS.MEMBERS_WRITE)}
        deniedAction="rename the organization"
        check={(name) => UpdateOrganizationBodySchema.safeParse({ name })}
        emptyMessage="Enter an organization name"
        rename={rename}
      />
      <KeyValueList
        items={[
          { key: 'slug', label: 'Slug', value: <code>{org.slug}</code> },
          { key: 'plan', label: 'Plan', value: org.plan.name },
        ]}
      />
    </Section>
  );
}

/** Deleting the organization: Owners only, its name typed; refused by the API while projects remain (its words shown). */
function DeleteOrganization({ org }: { org: Organization }) {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const members = useQuery({ queryKey: queryKeys.members(org.slug), queryFn: () => api.organizations.listMembers(org.slug) });
  const isOwner = members.data?.find((m) => m.user_id === props.session.user.id)?.role === 'Owner';
  const remove = useMutation({
    mutationFn: () => api.team.deleteOrganization(org.slug, { confirm_name: org.name }),
    onSuccess: () => {
      setOpen(false);
      props.notify({ kind: 'success', message: `Organization ${org.name} deleted` });
      queryClient.removeQueries({ queryKey: queryKeys.organization(org.slug) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations() });
      props.navigate('/projects');
    },
    onError: (err) => {
      setOpen(false);
      setRefusal(errorMessage(err));
    },
  });
  return (
    <Section title="Delete organization" description="Removes the organization, its members' access, invitations and records. This cannot be undone.">
      <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>An organization can be deleted once it has no projects left: delete or move them first.</p>
      {refusal ? (
        <div css={{ marginTop: tokens.space.md }}>
          <InlineError message="The organization was not deleted" detail={refusal} />
        </div>
      ) : null}
      <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: tokens.space.md }}>
        <PermissionTooltip allowed={isOwner} message="Only an Owner can delete the organization">
          <Button
            variant="danger"
            disabled={!isOwner}
            onClick={() => {
              setRefusal(null);
              setOpen(true);
            }}
          >
            Delete organization
          </Button>
        </PermissionTooltip>
      </div>
      <ConfirmByTypingDialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={`Delete ${org.name}`}
        description="This cannot be undone: every member loses access and the organization's invitations, OAuth apps and audit log go with it."
        confirmValue={org.name}
        confirmLabel="Delete organization"
        loading={remove.isPending}
        onConfirm={() => remove.mutateAsync().catch(() => undefined)}
      />
    </Section>
  );
}
