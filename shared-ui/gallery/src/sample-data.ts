export interface SampleObject {
  id: string;
  name: string;
  type: string;
  size: number;
}

const TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'text/csv'];

/** The same 2,000 rows on every visit, so screenshots of the gallery compare. */
export const sampleObjects: SampleObject[] = Array.from({ length: 2000 }, (_, i) => ({
  id: `object-${i}`,
  name: `${['avatar', 'invoice', 'report', 'photo'][i % 4]}-${i}.${['png', 'jpg', 'pdf', 'csv'][i % 4]}`,
  type: TYPES[i % 4],
  size: ((i * 7919) % 900_000) + 1024,
}));
