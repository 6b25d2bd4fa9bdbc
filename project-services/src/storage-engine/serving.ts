import contentDisposition from 'content-disposition';

// How stored objects are answered, by every route that serves their bytes (app downloads, public and
// signed links, the console's download): user content must never run in the platform's origin, the
// console's. The type comes from the upload (never from the name), and:
//   - every answer says `X-Content-Type-Options: nosniff`, so a browser never guesses another type;
//   - only types a browser cannot run are shown in place (`inline`): images but SVG, audio, video,
//     PDF and text/plain (with charset=utf-8), and only when `?download` is absent;
//   - everything else (HTML, XHTML, SVG, XML, JavaScript, CSS, unknown, application/octet-stream) is
//     `Content-Disposition: attachment`, with the name as RFC 6266 / RFC 5987 write it;
//   - every answer but an inline PDF (a browser's PDF viewer refuses a sandbox) carries a
//     Content-Security-Policy with `sandbox` and `default-src 'none'`: were it shown anyway, it would
//     run in an opaque origin, without scripts, forms or requests.

const OCTET_STREAM = 'application/octet-stream';
/** type/subtype as RFC 9110 writes tokens, lowercase (the uploads store it so, parameters dropped). */
const MIME_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;
/** What a cache-control header may hold (a stored value that cannot be a header is not sent). */
const HEADER_TEXT = /^[\x20-\x7e]{1,512}$/;

/** A sandboxed document, no requests: for whatever is not shown in place. */
export const ATTACHMENT_CSP = "sandbox; default-src 'none'";
/** Shown in place: the image or media document may load itself and style its own page, nothing more. */
export const INLINE_CSP = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

/** The stored type as it can be sent: a well-formed type/subtype, else application/octet-stream. */
export function servedType(mimetype: unknown): string {
  const type = typeof mimetype === 'string' ? mimetype.split(';')[0]!.trim().toLowerCase() : '';
  return MIME_TYPE.test(type) ? type : OCTET_STREAM;
}

/** Whether a browser may show this type in place: it can neither run script nor be taken for a page. */
export function showableInPlace(type: string): boolean {
  if (type === 'application/pdf' || type === 'text/plain') return true;
  const [top, sub = ''] = type.split('/');
  if (sub.includes('xml') || sub.includes('svg') || sub.includes('html') || sub.includes('script')) return false;
  return top === 'image' || top === 'audio' || top === 'video';
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name fit for a header: well-formed Unicode, no control characters, at most 255 characters; null when nothing is left. */
function fileName(raw: string): string | null {
  const name = raw
    .split('/')
    .pop()!
    .slice(0, 255)
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  return name.trim() ? name : null;
}

export interface ObjectAnswer {
  /** The object's metadata.mimetype, as stored. */
  mimetype: unknown;
  /** The object's name (its path; the last segment names the file). */
  name: string;
  /**
   * The request's `download` query value: absent (undefined or null) shows a showable type in
   * place; present, the answer is an attachment, named by the value when it is not empty.
   */
  download?: string | null;
  /** Always an attachment (the console's download). */
  attachment?: boolean;
  /** metadata.cacheControl, sent when it is a valid header value. */
  cacheControl?: unknown;
  size: number;
}

/** The headers of an object's bytes (content type, length, disposition, nosniff, CSP, cache). */
export function objectHeaders(o: ObjectAnswer): Record<string, string> {
  const type = servedType(o.mimetype);
  const inline = !o.attachment && (o.download === undefined || o.download === null) && showableInPlace(type);
  const name = (o.download ? fileName(o.download) : null) ?? fileName(o.name) ?? 'download';
  const cacheControl = typeof o.cacheControl === 'string' && HEADER_TEXT.test(o.cacheControl) ? o.cacheControl : 'max-age=3600';
  const headers: Record<string, string> = {
    'content-type': type === 'text/plain' ? 'text/plain; charset=utf-8' : type,
    'content-length': String(o.size),
    // An ASCII filename for old clients, the name itself in filename* (RFC 5987) when it is not ASCII.
    'content-disposition': contentDisposition(name, { type: inline ? 'inline' : 'attachment', fallback: name.replace(/[^\x20-\x7e]/g, '_') }),
    'x-content-type-options': 'nosniff',
    'cache-control': cacheControl,
  };
  if (!inline) headers['content-security-policy'] = ATTACHMENT_CSP;
  else if (type !== 'application/pdf') headers['content-security-policy'] = INLINE_CSP;
  return headers;
}
