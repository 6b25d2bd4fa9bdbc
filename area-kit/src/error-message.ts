/** The text to show for a failed call or mutation. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
