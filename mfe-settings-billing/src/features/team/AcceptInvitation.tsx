import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { queryKeys } from '@plinth/shared-contracts';
import { errorMessage, useArea } from '@plinth/area-kit';

/**
 * /account/invitation?token=…: the page an invitation e-mail links to. Signing in (or signing up)
 * with the invited address brings the user here (the shell keeps the address through sign-in);
 * they see which organization and role, and accept. Another account, an expired, revoked or
 * already used link are refused by the API in its words.
 */
export function AcceptInvitation() {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({ queryKey: ['invitation', token], queryFn: () => api.organizationInvitations.preview(token), enabled: token !== '', retry: false });
  const accept = useMutation({
    mutationFn: () => api.team.acceptInvitation(token),
    onSuccess: (joined) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations() });
      props.notify({ kind: 'success', message: `You joined ${preview.data?.organization_name ?? joined.organization_slug} as ${preview.data?.organization_role ?? joined.role}` });
      props.navigate(`/org/${joined.organization_slug}/general`);
    },
  });
  const me = props.session.user.email;
  const body = (() => {
    if (!token) return <InlineError message="This invitation link is incomplete" detail="Open the link from the invitation e-mail as it was sent." />;
    if (preview.isPending) return <LoadingSkeleton label="Loading the invitation" rows={2} />;
    if (preview.isError) return <InlineError message="This invitation cannot be accepted" detail={errorMessage(preview.error)} />;
    const inv = preview.data;
    const otherAccount = inv.invited_email.toLowerCase() !== me.toLowerCase();
    return (
      <Section title={`Join ${inv.organization_name}`} description={`You have been invited to join ${inv.organization_name} as ${inv.organization_role}.`}>
        {inv.expired ? (
          <InlineNotice kind="warning">This invitation has expired: ask a member of {inv.organization_name} to send it again.</InlineNotice>
        ) : otherAccount ? (
          <InlineNotice kind="warning">
            This invitation is for {inv.invited_email}, and you are signed in as {me}. Sign out, then sign in or sign up with {inv.invited_email} to accept it.
          </InlineNotice>
        ) : null}
        {accept.isError ? (
          <div css={{ marginTop: tokens.space.md }}>
            <InlineError message="The invitation was not accepted" detail={errorMessage(accept.error)} />
          </div>
        ) : null}
        <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: tokens.space.md }}>
          <Button variant="primary" disabled={inv.expired || otherAccount} loading={accept.isPending} onClick={() => accept.mutate()}>
            Accept invitation
          </Button>
        </div>
      </Section>
    );
  })();
  return (
    <>
      <PageHeader title="Invitation" description="An invitation to join an organization." />
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 720 }}>{body}</div>
    </>
  );
}
