import { useState, type ReactNode } from 'react';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { tokens } from '@plinth/shared-ui/theme';
import type { TableDdlResult } from '@plinth/contracts-database';
import { useArea, errorMessage } from '@plinth/area-kit';
import { useRefreshTableEditor } from './use-table-editor-data';

/**
 * A side panel that changes a table: its form, then the SQL the API will run (a dry run) shown
 * before it runs. Changing the form after a review asks for a new review.
 */
export function DdlPanel({
  title,
  description,
  children,
  formState,
  request,
  validate,
  runText,
  danger,
  onDone,
  onClose,
  size = 'large',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The form's values, serialised: a review stands only for the values it was made from. */
  formState: string;
  request: (dryRun: boolean) => Promise<TableDdlResult>;
  /** A problem that keeps the form from being sent (shown under the fields), or null. */
  validate?: () => boolean;
  runText: string;
  danger?: boolean;
  onDone: (result: TableDdlResult) => void;
  onClose: () => void;
  size?: 'medium' | 'large' | 'xlarge';
}) {
  const { notify } = useArea();
  const refresh = useRefreshTableEditor();
  const [preview, setPreview] = useState<{ sql: string; state: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reviewed = preview !== null && preview.state === formState;

  const confirm = async () => {
    if (validate && !validate()) return;
    setBusy(true);
    setError(null);
    try {
      if (!reviewed) {
        const dry = await request(true);
        setPreview({ sql: dry.sql, state: formState });
      } else {
        const done = await request(false);
        await refresh();
        onDone(done);
        onClose();
      }
    } catch (err) {
      setError(errorMessage(err));
      if (reviewed) notify({ kind: 'error', message: `${title} failed: ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SidePanel
      open
      size={size}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={title}
      description={description}
      confirmText={reviewed ? runText : 'Review SQL'}
      confirmVariant={reviewed && danger ? 'danger' : 'primary'}
      confirmLoading={busy}
      onConfirm={() => void confirm()}
    >
      <div css={{ display: 'grid', gap: tokens.space.lg }}>
        {children}
        {error ? (
          <p role="alert" css={{ color: tokens.color.dangerText, margin: 0 }}>
            {error}
          </p>
        ) : null}
        {reviewed ? <CodeBlock label="SQL to run" code={preview.sql} wrap /> : null}
      </div>
    </SidePanel>
  );
}
