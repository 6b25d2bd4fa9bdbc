/**
 * The email typed into the sign-in or sign-up form, kept while the console moves between the two.
 * Following "Sign up now" keeps the sign-in form on screen until the sign-up page has loaded (the
 * router waits in a transition), so what the user types meanwhile goes into the old form; the new
 * form starts from it instead of from empty, and takes the focus when the old one had it.
 */
interface AccountDraft {
  email: string;
  /** The field that had the focus when its form went away. */
  focused: 'email' | 'password' | null;
}

const draft: AccountDraft = { email: '', focused: null };

export function readAccountDraft(): Readonly<AccountDraft> {
  return draft;
}

export function keepDraftEmail(email: string): void {
  draft.email = email;
}

export function keepDraftFocus(field: AccountDraft['focused']): void {
  draft.focused = field;
}

/** Forgets the draft (after signing in or up). */
export function clearAccountDraft(): void {
  draft.email = '';
  draft.focused = null;
}
