import { Menu, MenuContent, MenuItem, MenuTrigger } from '@plinth/shared-ui/menu';
import { EditIcon, MoreIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { menuStyles } from './menu-styles';

interface BucketActionsProps {
  bucketName: string;
  onEdit: () => void;
  onDelete: () => void;
  /** When set, both actions are shown disabled with this reason. */
  disabledReason: string | null;
}

/** The "…" button of a bucket row: Edit bucket, Delete bucket (000 §2.11). */
export function BucketActions({ bucketName, onEdit, onDelete, disabledReason }: BucketActionsProps) {
  const items = [
    { label: 'Edit bucket', icon: <EditIcon size={14} />, onSelect: onEdit, danger: false },
    { label: 'Delete bucket', icon: <TrashIcon size={14} />, onSelect: onDelete, danger: true },
  ];
  return (
    <Menu>
      <MenuTrigger asChild>
        <button type="button" css={menuStyles.iconButton} aria-label={`Actions for ${bucketName}`}>
          <MoreIcon size={14} />
        </button>
      </MenuTrigger>
      <MenuContent>
        {items.map((item) => (
          <MenuItem
            key={item.label}
            icon={item.icon}
            danger={item.danger}
            disabled={disabledReason !== null}
            title={disabledReason ?? undefined}
            onSelect={item.onSelect}
          >
            {item.label}
          </MenuItem>
        ))}
        {disabledReason ? (
          <p role="note" css={[menuStyles.muted, { maxWidth: 240 }]}>
            {disabledReason}
          </p>
        ) : null}
      </MenuContent>
    </Menu>
  );
}
