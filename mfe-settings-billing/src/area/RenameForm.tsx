import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice } from '@plinth/shared-contracts';
import { errorMessage } from '@plinth/area-kit';

/** What a contracts schema of a rename body answers (`UpdateProjectBodySchema.safeParse({ name })`). */
type NameCheck = { success: true; data: { name: string } } | { success: false; error: { issues: readonly { message: string }[] } };

export interface RenameFormProps {
  /** The field's label ("Project name"). */
  label: string;
  /** The saved name; the field follows it (a rename in another tab, by a team member) unless the user is editing. */
  current: string;
  mayWrite: boolean;
  /** What the member may not do without the permission ("rename this project"), for the button's tooltip. */
  deniedAction: string;
  /** The contracts' check of the name, as `Schema.safeParse({ name })`. */
  check: (name: string) => NameCheck;
  /** Said when the check names no reason. */
  emptyMessage: string;
  /** Saves the name (the API call, the caches, the notice); a failure is shown under the field. */
  rename: (name: string) => Promise<unknown>;
}

/** A name field with its Save button: checked before the call, the API's refusal shown under it, nothing sent when unchanged. */
export function RenameForm({ label, current, mayWrite, deniedAction, check, emptyMessage, rename }: RenameFormProps) {
  const [name, setName] = useState(current);
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!edited) setName(current);
  }, [current, edited]);
  const save = useMutation({ mutationFn: rename, onSuccess: () => setEdited(false), onError: (err) => setError(errorMessage(err)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = check(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? emptyMessage);
      return;
    }
    setError(null);
    if (parsed.data.name !== current) save.mutate(parsed.data.name);
  };
  return (
    <form onSubmit={submit} noValidate css={{ display: 'flex', alignItems: 'flex-end', gap: tokens.space.sm, maxWidth: 560 }}>
      <div css={{ flex: 1 }}>
        <Field label={label} error={error ?? undefined}>
          <TextInput
            value={name}
            autoComplete="off"
            readOnly={!mayWrite}
            onChange={(e) => {
              setEdited(true);
              setName(e.target.value);
            }}
          />
        </Field>
      </div>
      {/* Level with the input: a field keeps this much room under its control. */}
      <div css={{ marginBottom: tokens.space.lg }}>
        <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice(deniedAction)}>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={!mayWrite || name.trim() === current}>
            Save
          </Button>
        </PermissionTooltip>
      </div>
    </form>
  );
}
