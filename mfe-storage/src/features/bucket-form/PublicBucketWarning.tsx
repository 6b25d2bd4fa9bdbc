import { WarningIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';

const noteStyle = {
  display: 'flex',
  gap: tokens.space.sm,
  margin: `0 0 ${tokens.space.lg}`,
  padding: tokens.space.md,
  border: `1px solid ${tokens.color.warning}`,
  borderRadius: tokens.radius.md,
  color: tokens.color.text,
  fontSize: tokens.fontSize.sm,
};

/** What making a bucket public, or private again, means for its files (000 §4.7). */
export function PublicBucketWarning({ wasPublic, isPublic, editing }: { wasPublic: boolean; isPublic: boolean; editing: boolean }) {
  let text: string | null = null;
  if (isPublic && (!editing || !wasPublic)) {
    text = 'Public buckets are not protected: anyone with a file\'s URL can read it, without signing in. Policies still restrict uploads, changes and deletes.';
  } else if (editing && wasPublic && !isPublic) {
    text = 'Public URLs of this bucket\'s files will stop working. Reading a file will need a signed URL or a policy that allows it.';
  }
  if (!text) return null;
  return (
    <p role="note" css={noteStyle}>
      <span css={{ color: tokens.color.warningText, flex: 'none' }}>
        <WarningIcon size={16} />
      </span>
      <span>{text}</span>
    </p>
  );
}
