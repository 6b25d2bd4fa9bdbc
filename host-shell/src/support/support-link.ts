/** A link to the support form with its fields filled in (spec 000 §2.1 /support/new). */
export interface SupportPrefill {
  category?: string;
  ref?: string;
  subject?: string;
  message?: string;
}

export function supportLink(prefill: SupportPrefill): string {
  const params = new URLSearchParams();
  for (const key of ['category', 'ref', 'subject', 'message'] as const) {
    const value = prefill[key];
    if (value) params.set(key, value);
  }
  const qs = params.toString();
  return `/support/new${qs ? `?${qs}` : ''}`;
}
