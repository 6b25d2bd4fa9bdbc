import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { Field, Select, TextInput } from '@plinth/shared-ui/form';
import { InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { AddOrganizationMemberBodySchema, genericPermissionNotice, PERMISSIONS, queryKeys, type OrganizationMember, type OrganizationRoleInfo } from '@plinth/shared-contracts';
import { INVITATION_TTL_DAYS, PLAN_NAMES, teamQueryKeys, type OrganizationInvitation } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

const muted = { color: tokens.color.textMuted, fontSize: tokens.fontSize.sm } as const;
const tableStyle = {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: tokens.fontSize.sm,
  'th, td': { textAlign: 'left', padding: '8px 12px', borderBottom: `1px solid ${tokens.color.border}`, verticalAlign: 'middle' },
  'thead th': { color: tokens.color.textMuted, fontWeight: 500 },
} as const;

/**
 * /org/{slug}/team: the members with their roles; invite by e-mail (a link mailed to the address,
 * accepted by signing in or signing up with it; pending invitations resent or revoked) with a role the plan offers
 * (001 §6: Owner and Developer on free and pro; Administrator, Read-only, Billing admin and
 * additional owners on team and enterprise), change a role, remove a member, leave. The roles, what
 * each may do and whether the plan offers it are the API's (the roles route's `organization_roles`):
 * the role menus offer those the plan allows and say what the chosen one may do. The API checks
 * every rule (members write, only an Owner hands out Owner, the last Owner stays); refusals are
 * shown as it words them.
 */
export function Team({ slug }: { slug: string }) {
  const { api, can, props, navigate } = useArea();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: keys.organizationMembers(slug), queryFn: () => api.organizationRoles.listMembers(slug) });
  const roles = useQuery({ queryKey: keys.organizationRoles(slug), queryFn: () => api.organizationRoles.roles(slug) });
  const mayWrite = can(PERMISSIONS.MEMBERS_WRITE);
  const me = props.session.user.id;
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.organizationMembers(slug) });
    // The shell's copy of the members (the role it reads permissions from).
    void queryClient.invalidateQueries({ queryKey: queryKeys.members(slug) });
  };

  const update = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) => api.organizationRoles.updateMember(slug, userId, { role }),
    onSuccess: (m) => {
      refresh();
      props.notify({ kind: 'success', message: `${m.primary_email} is now ${m.organization_role}` });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (m: OrganizationMember) => api.organizations.removeMember(slug, m.user_id).then(() => m),
    onSuccess: (m) => {
      refresh();
      props.notify({ kind: 'success', message: `${m.primary_email} was removed from the organization` });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const leave = useMutation({
    mutationFn: () => api.subscription.leaveOrganization(slug),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations() });
      props.notify({ kind: 'success', message: 'You left the organization' });
      navigate('/');
    },
    onError: (err) => setError(errorMessage(err)),
  });

  const allRoles = roles.data?.organization_roles ?? [];
  const offered = allRoles.filter((r) => r.offered);
  const notOffered = allRoles.filter((r) => !r.offered && r.name !== 'Owner').map((r) => r.name);
  const header = <PageHeader title="Team" description="Who belongs to the organization and what each member may do." />;
  const body = (() => {
    if (members.isPending) return <LoadingSkeleton label="Loading members" rows={3} />;
    if (members.isError) return <InlineError message="Failed to retrieve members" detail={errorMessage(members.error)} onRetry={() => void members.refetch()} />;
    const myRole = members.data.find((m) => m.user_id === me)?.organization_role;
    return (
      <>
        <Section
          title="Members"
          description={
            roles.data
              ? `The ${PLAN_NAMES[roles.data.plan]} plan offers the roles ${offered.map((r) => r.name).join(', ')}${roles.data.additional_owners ? ', with additional owners' : ''}.${
                  roles.data.additional_owners ? '' : ` ${namesAnd([...notOffered, 'additional owners'])} come with the Team and Enterprise plans.`
                }`
              : undefined
          }
          actions={<InviteMember slug={slug} roles={allRoles} allowed={mayWrite} canGrantOwner={myRole === 'Owner'} />}
        >
          {error ? (
            <div css={{ marginBottom: tokens.space.md }}>
              <InlineError message="The change was not made" detail={error} />
            </div>
          ) : null}
          <div data-scroll-x tabIndex={0} role="region" aria-label="Members table" css={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}>
            <table css={[tableStyle, { minWidth: 560 }]} aria-label="Members">
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">
                    <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.map((m) => {
                  const self = m.user_id === me;
                  // The roles offered, and the member's own even when the plan no longer offers it.
                  const role = m.organization_role;
                  const choices = allRoles.filter((r) => r.offered || r.name === role).map((r) => r.name);
                  if (!choices.includes(role)) choices.push(role);
                  const ownerRule = (role === 'Owner' || choices.includes('Owner')) && myRole !== 'Owner';
                  return (
                    <tr key={m.user_id} data-member={m.primary_email}>
                      <td>
                        {m.username}
                        {self ? <span css={muted}> (you)</span> : null}
                      </td>
                      <td>{m.primary_email}</td>
                      <td>
                        {mayWrite && !self && !(role === 'Owner' && myRole !== 'Owner') ? (
                          <Select
                            aria-label={`Role of ${m.primary_email}`}
                            value={role}
                            disabled={update.isPending}
                            onChange={(e) => {
                              setError(null);
                              update.mutate({ userId: m.user_id, role: e.target.value });
                            }}
                            options={choices.map((r) => ({ value: r, label: r, disabled: r === 'Owner' && ownerRule }))}
                          />
                        ) : (
                          role
                        )}
                      </td>
                      <td css={{ textAlign: 'right' }}>
                        {self ? (
                          <LeaveButton onLeave={() => leave.mutate()} pending={leave.isPending} />
                        ) : (
                          <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('remove members')}>
                            <Button
                              size="small"
                              variant="danger"
                              loading={remove.isPending && remove.variables?.user_id === m.user_id}
                              onClick={() => {
                                setError(null);
                                remove.mutate(m);
                              }}
                            >
                              Remove
                            </Button>
                          </PermissionTooltip>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {allRoles.length ? <RoleDescriptions roles={allRoles} /> : null}
        </Section>
        <PendingInvitations slug={slug} mayWrite={mayWrite} />
      </>
    );
  })();
  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 1000 }}>{body}</div>
    </>
  );
}

/** "a, b and c". */
const namesAnd = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** What each role may do, as the API words it; a role the plan does not offer says so. */
function RoleDescriptions({ roles }: { roles: readonly OrganizationRoleInfo[] }) {
  return (
    <dl aria-label="Roles" css={{ margin: `${tokens.space.md} 0 0`, display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', gap: `${tokens.space.xs} ${tokens.space.md}`, fontSize: tokens.fontSize.sm }}>
      {roles.map((r) => (
        <div key={r.name} css={{ display: 'contents' }} data-role={r.name}>
          <dt css={{ fontWeight: 500 }}>{r.name}</dt>
          <dd css={[muted, { margin: 0 }]}>
            {r.description}
            {r.offered ? null : ' Not offered by this plan.'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function LeaveButton({ onLeave, pending }: { onLeave: () => void; pending: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Leave the organization"
      description="You will lose access to its projects at once; a member with the members write permission can invite you again."
      trigger={
        <Button size="small" variant="default">
          Leave
        </Button>
      }
      footer={
        <>
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={pending}
            onClick={() => {
              setOpen(false);
              onLeave();
            }}
          >
            Leave organization
          </Button>
        </>
      }
    />
  );
}

/** Invite a member by e-mail with a role the plan offers; only an Owner may invite an Owner. */
function InviteMember({ slug, roles, allowed, canGrantOwner }: { slug: string; roles: readonly OrganizationRoleInfo[]; allowed: boolean; canGrantOwner: boolean }) {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const offered = roles.filter((r) => r.offered && (r.name !== 'Owner' || canGrantOwner));
  const [role, setRole] = useState('Developer');
  const chosen = offered.find((r) => r.name === role);
  const [error, setError] = useState<{ field: 'email' | 'role' | null; message: string } | null>(null);
  const invite = useMutation({
    mutationFn: () => api.organizationInvitations.invite(slug, { email: email.trim(), role }),
    onSuccess: (inv) => {
      void queryClient.invalidateQueries({ queryKey: teamQueryKeys.invitations(slug) });
      props.notify({ kind: 'success', message: `Invitation sent to ${inv.invited_email}` });
      setOpen(false);
      setEmail('');
    },
    onError: (err) => setError({ field: 'email', message: errorMessage(err) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddOrganizationMemberBodySchema.safeParse({ email: email.trim(), role });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: issue?.path[0] === 'role' ? 'role' : 'email', message: issue?.message ?? 'Check the e-mail address' });
      return;
    }
    setError(null);
    invite.mutate();
  };
  if (!allowed) {
    return (
      <PermissionTooltip allowed={false} message={genericPermissionNotice('invite members')}>
        <Button variant="primary">Invite member</Button>
      </PermissionTooltip>
    );
  }
  return (
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(null);
        }}
        title="Invite a member"
        description={`An invitation link is sent to the address. They join once they sign in, or sign up, with it; the link works for ${INVITATION_TTL_DAYS} days.`}
        trigger={<Button variant="primary">Invite member</Button>}
      >
        <form onSubmit={submit} css={{ display: 'grid', gap: tokens.space.md }} noValidate>
          <Field label="Email address" error={error?.field === 'email' ? error.message : undefined} required>
            <TextInput type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" />
          </Field>
          <Field label="Role" hint={chosen?.description ?? "The roles the organization's plan offers."} error={error?.field === 'role' ? error.message : undefined}>
            <Select value={role} onChange={(e) => setRole(e.target.value)} options={offered.map((r) => ({ value: r.name, label: r.name }))} />
          </Field>
          {roles.some((r) => !r.offered) ? (
            <InlineNotice kind="info">{`${namesAnd([...roles.filter((r) => !r.offered && r.name !== 'Owner').map((r) => r.name), 'additional owners'])} come with the Team and Enterprise plans.`}</InlineNotice>
          ) : null}
          <div css={{ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm }}>
            <DialogClose asChild>
              <Button type="button">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="primary" loading={invite.isPending}>
              Send invitation
            </Button>
          </div>
        </form>
      </Dialog>
  );
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Invitations not yet accepted: resend (a new link and expiry) or revoke; an expired one says so. */
function PendingInvitations({ slug, mayWrite }: { slug: string; mayWrite: boolean }) {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  const invitations = useQuery({ queryKey: teamQueryKeys.invitations(slug), queryFn: () => api.organizationInvitations.list(slug) });
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: teamQueryKeys.invitations(slug) });
  const resend = useMutation({
    mutationFn: (inv: OrganizationInvitation) => api.team.resendInvitation(slug, inv.id),
    onSuccess: (inv) => {
      refresh();
      props.notify({ kind: 'success', message: `Invitation sent again to ${inv.invited_email}` });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const revoke = useMutation({
    mutationFn: (inv: OrganizationInvitation) => api.team.revokeInvitation(slug, inv.id).then(() => inv),
    onSuccess: (inv) => {
      refresh();
      props.notify({ kind: 'success', message: `Invitation to ${inv.invited_email} revoked` });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  return (
    <Section title="Pending invitations" description="Invitations sent and not yet accepted.">
      {error ? (
        <div css={{ marginBottom: tokens.space.md }}>
          <InlineError message="The change was not made" detail={error} />
        </div>
      ) : null}
      {invitations.isPending ? (
        <LoadingSkeleton label="Loading invitations" rows={2} />
      ) : invitations.isError ? (
        <InlineError message="Failed to retrieve invitations" detail={errorMessage(invitations.error)} onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <p css={muted}>No pending invitations.</p>
      ) : (
        <div data-scroll-x tabIndex={0} role="region" aria-label="Pending invitations table" css={{ overflowX: 'auto', minWidth: 0 }}>
          <table css={[tableStyle, { minWidth: 560 }]} aria-label="Pending invitations">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.map((inv) => (
                <tr key={inv.id} data-invitation={inv.invited_email}>
                  <td>{inv.invited_email}</td>
                  <td>{inv.organization_role}</td>
                  <td>{inv.expired ? <span css={{ color: tokens.color.dangerText }}>Expired on {dateOf(inv.expires_at)}</span> : dateOf(inv.expires_at)}</td>
                  <td css={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('invite members')}>
                      <Button
                        size="small"
                        disabled={!mayWrite}
                        aria-label={`Resend invitation to ${inv.invited_email}`}
                        loading={resend.isPending && resend.variables?.id === inv.id}
                        onClick={() => {
                          setError(null);
                          resend.mutate(inv);
                        }}
                      >
                        Resend
                      </Button>
                    </PermissionTooltip>{' '}
                    <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('revoke invitations')}>
                      <Button
                        size="small"
                        variant="danger"
                        disabled={!mayWrite}
                        aria-label={`Revoke invitation to ${inv.invited_email}`}
                        loading={revoke.isPending && revoke.variables?.id === inv.id}
                        onClick={() => {
                          setError(null);
                          revoke.mutate(inv);
                        }}
                      >
                        Revoke
                      </Button>
                    </PermissionTooltip>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
