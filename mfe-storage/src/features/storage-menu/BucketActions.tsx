import { RowActions } from '@plinth/area-kit';
import { EditIcon, TrashIcon } from '@plinth/shared-ui/icons';

interface BucketActionsProps {
  bucketName: string;
  onEdit: () => void;
  onDelete: () => void;
  /** When set, both actions are shown disabled with this reason. */
  disabledReason: string | null;
}

/** The "…" button of a bucket row: Edit bucket, Delete bucket (000 §2.11). */
export function BucketActions({ bucketName, onEdit, onDelete, disabledReason }: BucketActionsProps) {
  return (
    <RowActions
      label={`Actions for ${bucketName}`}
      disabledReason={disabledReason}
      actions={[
        { label: 'Edit bucket', icon: <EditIcon size={14} />, onSelect: onEdit },
        { label: 'Delete bucket', icon: <TrashIcon size={14} />, onSelect: onDelete, danger: true },
      ]}
    />
  );
}
