/**
 * Hands data to the browser as a file download: a text (with its MIME type) or a blob, saved
 * under `fileName`. The object URL is released once the browser has taken the download.
 */
export function saveFile(fileName: string, data: Blob | string, type = 'text/plain'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
