/** Default time an area gets to load and mount before its region shows the error panel. */
export const AREA_TIMEOUT_MS = 10_000;

export class AreaTimeoutError extends Error {}

/** Rejects with `message` when `work` takes longer than `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new AreaTimeoutError(message)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
