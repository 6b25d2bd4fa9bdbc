/** Files above this size upload resumably (TUS, 6 MB parts); smaller ones in one request. */
export const RESUMABLE_THRESHOLD = 6 * 1024 * 1024;
