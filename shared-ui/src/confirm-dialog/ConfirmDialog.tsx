import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { Field, TextInput } from '@plinth/shared-ui/form';

/** Spec 001 §5: the typed-confirmation messages, word for word. */
export const CONFIRM_VALUE_REQUIRED = 'Enter the required value.';
export const CONFIRM_VALUE_MISMATCH = 'Value entered does not match.';

/** The message for what the user typed, or null when it matches. Exact, case-sensitive match. */
export function confirmValueError(typed: string, required: string): string | null {
  if (typed === '') return CONFIRM_VALUE_REQUIRED;
  if (typed !== required) return CONFIRM_VALUE_MISMATCH;
  return null;
}

export interface ConfirmByTypingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What happens, e.g. 'This action cannot be undone.' */
  description?: ReactNode;
  /** Extra content above the input (warnings, lists of what goes). */
  children?: ReactNode;
  /** The value the user must type, e.g. the bucket name. */
  confirmValue: string;
  /** Label of the input. Default: `Type ${confirmValue} to confirm.` */
  inputLabel?: ReactNode;
  inputPlaceholder?: string;
  /** Label of the confirm button, e.g. 'Delete bucket'. */
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Called once the typed value matches and the user confirms. A returned promise shows a spinner until it settles. */
  onConfirm: () => void | Promise<unknown>;
  /** Show the spinner from outside (e.g. a mutation's pending state). */
  loading?: boolean;
  variant?: 'danger' | 'primary';
}

/** A confirmation that asks the user to type a value; Confirm is enabled only on an exact match. */
export function ConfirmByTypingDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmValue,
  inputLabel,
  inputPlaceholder,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  loading = false,
  variant = 'danger',
}: ConfirmByTypingDialogProps) {
  const formId = `confirm-${useId()}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [running, setRunning] = useState(false);
  const busy = loading || running;

  useEffect(() => {
    if (open) {
      setTyped('');
      setTouched(false);
    }
  }, [open, confirmValue]);

  const error = confirmValueError(typed, confirmValue);

  const attempt = async () => {
    setTouched(true);
    if (error || busy) return;
    const result = onConfirm();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setRunning(true);
      try {
        await result;
      } catch {
        // The caller reports the failure (a notice); the dialog stays open for another try.
      } finally {
        setRunning(false);
      }
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={description}
      size="small"
      dismissible={!busy}
      initialFocusRef={inputRef}
      footer={
        <>
          <DialogClose asChild>
            <Button disabled={busy}>{cancelLabel}</Button>
          </DialogClose>
          <Button type="submit" form={formId} variant={variant} disabled={error !== null} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      <form
        id={formId}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void attempt();
        }}
      >
        <Field label={inputLabel ?? `Type ${confirmValue} to confirm.`} error={touched ? error : null}>
          <TextInput
            ref={inputRef}
            value={typed}
            placeholder={inputPlaceholder}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setTyped(event.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            onKeyDown={(event) => {
              // Browsers skip implicit submission while the confirm button is disabled; Enter
              // should still say what is wrong.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void attempt();
            }}
          />
        </Field>
      </form>
    </Dialog>
  );
}
