import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { STORAGE_MESSAGES, type Bucket } from '@plinth/contracts-storage';
import { Skeleton } from '@plinth/shared-ui/layout';
import { BucketActions } from './BucketActions';
import { menuStyles } from './menu-styles';
import { useBuckets } from '../../area/use-buckets';

interface BucketListProps {
  onEdit: (bucket: Bucket) => void;
  onDelete: (bucket: Bucket) => void;
  /** Why the bucket menu is unavailable, or null when the user may use it. */
  actionsDisabledReason: string | null;
}

/** The project's buckets under "All buckets", each with its menu; a filter box when there are some. */
export function BucketList({ onEdit, onDelete, actionsDisabledReason }: BucketListProps) {
  const buckets = useBuckets();
  const [filter, setFilter] = useState('');

  if (buckets.isPending) {
    return (
      <div aria-label="Loading buckets" role="status" css={{ padding: '4px 8px' }}>
        <Skeleton lines={3} />
      </div>
    );
  }
  if (buckets.isError) return <p role="alert" css={menuStyles.error}>{STORAGE_MESSAGES.fetchBucketsFailed}</p>;
  if (buckets.data.length === 0) return <p css={menuStyles.muted}>{STORAGE_MESSAGES.noBuckets}</p>;

  const term = filter.trim().toLowerCase();
  const shown = term ? buckets.data.filter((b) => b.name.toLowerCase().includes(term)) : buckets.data;
  return (
    <>
      <input
        type="search"
        css={menuStyles.input}
        aria-label="Search buckets"
        placeholder="Search buckets"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setFilter('');
        }}
      />
      {shown.length === 0 ? <p css={menuStyles.muted}>{`No buckets match "${filter.trim()}"`}</p> : null}
      <ul css={menuStyles.list} aria-label="Buckets">
        {shown.map((bucket) => (
          <li key={bucket.id} css={menuStyles.row}>
            <NavLink to={`/storage/buckets/${encodeURIComponent(bucket.id)}`} css={menuStyles.link}>
              <span css={menuStyles.linkText}>{bucket.name}</span>
              {bucket.public ? <span css={menuStyles.badge}>Public</span> : null}
            </NavLink>
            <BucketActions
              bucketName={bucket.name}
              disabledReason={actionsDisabledReason}
              onEdit={() => onEdit(bucket)}
              onDelete={() => onDelete(bucket)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
