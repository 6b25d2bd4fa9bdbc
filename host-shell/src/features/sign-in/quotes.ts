/** Customer quotes for the sign-in layout (spec 000 §2.8); invented for Plinth. */
export interface CustomerQuote {
  text: string;
  author: string;
  role: string;
}

export const CUSTOMER_QUOTES: readonly CustomerQuote[] = [
  { text: 'We moved our whole booking backend to Plinth in a weekend. Row-level security did the heavy lifting.', author: 'Mara Oyelaran', role: 'CTO, Tidewater Rentals' },
  { text: 'Storage, auth and Postgres in one place means my team ships features instead of wiring services.', author: 'Jonas Veldkamp', role: 'Engineering lead, Loomfield' },
  { text: 'The SQL editor is where I live now. Saved snippets replaced half of our internal wiki.', author: 'Priya Raman', role: 'Data engineer, Northpaw Health' },
  { text: 'Pausing idle projects and restoring them in minutes keeps our side experiments free of charge.', author: 'Theo Albescu', role: 'Indie developer' },
  { text: 'Our interns had a working API with policies on day one. That used to take us a sprint.', author: 'Chiara Benvenuti', role: 'Head of platform, Orto Labs' },
  { text: 'Logs that I can query with SQL turned our three a.m. incidents into ten-minute fixes.', author: 'Samuel Adeyemi', role: 'SRE, Kettle & Co' },
];

/** One quote, chosen at random (random is injectable for tests). */
export function pickQuote(random: () => number = Math.random): CustomerQuote {
  const index = Math.min(CUSTOMER_QUOTES.length - 1, Math.floor(random() * CUSTOMER_QUOTES.length));
  return CUSTOMER_QUOTES[index];
}
