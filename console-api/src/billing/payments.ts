import type { Invoice } from '@plinth/contracts-billing';

/** What a payment provider answers for one invoice: paid (with its reference), or not collected (the invoice stays issued). */
export type PaymentResult = { paid: true; reference: string } | { paid: false; reason: string };

/**
 * Collecting an invoice's payment. A provider is asked once per issued invoice by the invoice job,
 * with the invoice's id as the idempotency key (a real provider must not charge twice for it).
 */
export interface PaymentProvider {
  readonly name: string;
  collect(invoice: Invoice): Promise<PaymentResult>;
}

/** No provider is reachable from this platform: invoices stay issued. The default. */
export const noPaymentProvider: PaymentProvider = {
  name: 'none',
  async collect() {
    return { paid: false, reason: 'No payment provider is configured' };
  },
};

/** Marks every invoice paid at once, with a reference of its own: for tests and demonstrations (PLINTH_PAYMENT_PROVIDER=test). */
export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  async collect(invoice) {
    return { paid: true, reference: `test_${invoice.id}` };
  },
};

/** The provider PLINTH_PAYMENT_PROVIDER names ('test'), else none. */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider {
  return env.PLINTH_PAYMENT_PROVIDER === 'test' ? testPaymentProvider : noPaymentProvider;
}
