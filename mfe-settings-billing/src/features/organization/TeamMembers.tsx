import { useQuery } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { queryKeys } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';

const tableStyle = css({
  borderCollapse: 'collapse',
  width: '100%',
  maxWidth: 900,
  fontSize: tokens.fontSize.sm,
  'th, td': { textAlign: 'left', padding: '8px 12px', borderBottom: `1px solid ${tokens.color.border}` },
  th: { color: tokens.color.textMuted, fontWeight: 500 },
});

/** The organization's members with their roles. */
export function TeamMembers({ slug }: { slug: string }) {
  const { api, props } = useArea();
  const members = useQuery({ queryKey: queryKeys.members(slug), queryFn: () => api.organizations.listMembers(slug) });
  if (members.isPending) return <p role="status">Loading members…</p>;
  if (members.isError) return <p role="alert">Failed to retrieve members: {members.error.message}</p>;
  if (members.data.length === 0) return <p>No members in this organization</p>;
  return (
    <table css={tableStyle} aria-label="Members">
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
        </tr>
      </thead>
      <tbody>
        {members.data.map((m) => (
          <tr key={m.user_id}>
            <td>
              {m.username}
              {m.user_id === props.session.user.id ? ' (you)' : ''}
            </td>
            <td>{m.primary_email}</td>
            <td>{m.role}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
