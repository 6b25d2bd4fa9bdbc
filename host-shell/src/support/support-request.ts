/** Where support requests go; the API has no support route, so the form hands over to email. */
export const SUPPORT_EMAIL = 'support@plinth.dev';

export const SUPPORT_CATEGORIES = [
  { value: 'Problem', label: 'Issues with APIs or client libraries' },
  { value: 'Database_unresponsive', label: 'Database unresponsive' },
  { value: 'Dashboard_bug', label: 'Issues with the console' },
  { value: 'Billing', label: 'Billing' },
  { value: 'Other', label: 'Something else' },
] as const;

export interface SupportRequest {
  category: string;
  ref: string;
  subject: string;
  message: string;
}

export function supportRequestText(request: SupportRequest): string {
  return [`Category: ${request.category}`, `Project ref: ${request.ref || 'none'}`, `Subject: ${request.subject}`, '', request.message].join('\n');
}

export function supportMailto(request: SupportRequest): string {
  const subject = `[${request.category}]${request.ref ? ` [${request.ref}]` : ''} ${request.subject}`;
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(supportRequestText(request))}`;
}
