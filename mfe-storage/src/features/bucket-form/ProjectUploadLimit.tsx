import { STORAGE_MESSAGES } from '@plinth/contracts-storage';
import { tokens } from '@plinth/shared-ui/theme';
import { useStorageConfig } from '../../area/use-buckets';
import { wholeSize } from './bucket-form';

/** The project-wide upload limit beside a bucket's own limit, or the spec's failure text. */
export function ProjectUploadLimit() {
  const config = useStorageConfig();
  const style = { margin: `-8px 0 ${tokens.space.lg}`, fontSize: tokens.fontSize.xs };
  if (config.isPending) return null;
  if (config.isError) {
    return (
      <p role="alert" css={[style, { color: tokens.color.dangerText }]}>
        {STORAGE_MESSAGES.fetchConfigFailed}
      </p>
    );
  }
  const { value, unit } = wholeSize(config.data.fileSizeLimit);
  return (
    <p css={[style, { color: tokens.color.textMuted }]}>
      {`The project's upload limit is ${value} ${unit}; a bucket limit cannot raise it.`}
    </p>
  );
}
