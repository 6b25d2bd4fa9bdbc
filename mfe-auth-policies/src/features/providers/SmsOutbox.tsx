import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { AUTH_SMS_OUTBOX_LIMIT } from '@plinth/contracts-auth';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { keys } from '../../area/query-keys';

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** Why a member without the service keys' read right cannot read the codes (they sign a user in). */
export const SMS_OUTBOX_DENIED = 'You need permission to read the API keys to see the text messages sent: their codes sign users in.';

/**
 * "Messages sent": with no SMS gateway configured the platform keeps the project's text messages in
 * its outbox; this lists the newest so a developer can read the codes. With a gateway, says so.
 */
export function SmsOutbox() {
  const { api, projectRef, can } = useArea();
  const allowed = can(PERMISSIONS.SERVICE_API_KEYS_READ);
  const headingId = `sms-outbox-${useId()}`;
  const outbox = useQuery({ queryKey: keys.authSmsOutbox(projectRef), queryFn: () => api.authUsers.getAuthSmsOutbox(projectRef), enabled: allowed });
  const heading = (
    <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
      <h4 id={headingId} css={{ margin: 0, fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.semibold }}>
        Messages sent
      </h4>
      {allowed && outbox.data?.transport === 'outbox' ? (
        <Button size="small" loading={outbox.isFetching} onClick={() => void outbox.refetch()}>
          Refresh
        </Button>
      ) : null}
    </div>
  );
  let body: React.ReactNode;
  if (!allowed) body = <InlineNotice kind="info">{SMS_OUTBOX_DENIED}</InlineNotice>;
  else if (outbox.isPending) body = <LoadingSkeleton label="Loading messages sent" rows={3} />;
  else if (outbox.isError) body = <InlineError message={`Failed to retrieve the messages sent: ${errorMessage(outbox.error)}`} onRetry={() => void outbox.refetch()} retrying={outbox.isFetching} />;
  else if (outbox.data.transport === 'http')
    body = <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>Text messages go to the SMS gateway configured for the platform; none are kept here.</p>;
  else if (outbox.data.messages.length === 0)
    body = (
      <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
        No text messages sent yet. With no SMS gateway configured, messages are kept here instead of being sent.
      </p>
    );
  else
    body = (
      <>
        <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
          No SMS gateway is configured: messages are kept here instead of being sent. The newest {AUTH_SMS_OUTBOX_LIMIT}, times in UTC.
        </p>
        <div css={{ overflowX: 'auto' }}>
          <table
            aria-labelledby={headingId}
            css={{
              width: '100%',
              borderCollapse: 'collapse',
              fontSize: tokens.fontSize.sm,
              '& th, & td': { textAlign: 'left', padding: `${tokens.space.sm} ${tokens.space.md}`, borderBottom: `1px solid ${tokens.color.border}`, verticalAlign: 'top' },
              '& th': { color: tokens.color.textMuted, fontWeight: tokens.fontWeight.medium },
            }}
          >
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Number</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.messages.map((m) => (
                <tr key={m.id}>
                  <td css={{ whiteSpace: 'nowrap' }}>{WHEN.format(new Date(m.created_at))}</td>
                  <td css={{ whiteSpace: 'nowrap' }}>{m.to}</td>
                  <td css={{ overflowWrap: 'anywhere' }}>{m.body}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  return (
    <section aria-labelledby={headingId} css={{ display: 'grid', gap: 8 }}>
      {heading}
      {body}
    </section>
  );
}
