/** Values an attacker or a broken client sends in place of well-formed input. */
import fc from 'fast-check';

/** Names that walk out of a directory, in plain and encoded forms. */
export const TRAVERSAL = ['.', '..', '../..', '../../x', 'a/../../b', '..\\..\\x', '/etc/passwd', '%2e%2e/', '%2e%2e%2f', '..%2f..%2fx', '%2F', 'a%00b', './.', '....//'];

/** Control characters, NUL and line breaks. */
export const CONTROL = ['\u0000', 'a\u0000b', '\u0001\u0002\u001f', '\u007f', 'a\r\nSet-Cookie: x=1', '\t', '\b'];

/** Unicode that confuses lengths, directions and encoders (lone surrogates are not valid UTF-16). */
export const UNICODE = ['\u202Eevil\u202C', 'e\u0301\u0301\u0301\u0301', '👩‍👩‍👧‍👦', '\uD800', 'a\uDFFFb', '\uFEFF', '\u200B', 'İı', '\uFFFF', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'];

/** SQL fragments (none of them harmful to the caller's own database if they ran). */
export const SQL = ["' or 1=1 --", '"; drop table fuzz_nothing; --', '$$', "%' --", '\\', "'); select pg_sleep(0); --", 'true) with check (true', '/*', 'E\'\\x00\''];

/** Keys and words that mean something to JavaScript, JSON parsers and our own code. */
export const WORDS = ['', ' ', '__proto__', 'constructor', 'prototype', 'toString', 'null', 'undefined', 'NaN', 'Infinity', '-1', '0', '1e309', 'true', '[]', '{}', 'public', 'storage', 'pg_catalog'];

export const OVERSIZE_STRING = 'x'.repeat(100_000);

export const HOSTILE_STRINGS = [...TRAVERSAL, ...CONTROL, ...UNICODE, ...SQL, ...WORDS, OVERSIZE_STRING, 'é'.repeat(300), 'a'.repeat(256)];

export const HOSTILE_NUMBERS = [0, -0, -1, 1.5, -2147483649, 2147483648, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE];

/** Values of the wrong type for whatever field they land in. */
export const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [[[[]]]], { a: { b: { c: {} } } }, [null], '1', 1];

/** A hostile value of any kind, for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

/** Keys added to objects: extra fields and prototype keys. */
export const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'extra', 'id', 'owner', 'organization_id', 'ref', 'isAdmin', ''];

/** Whole bodies that are not the JSON object a route expects (raw text, sent as application/json). */
export const HOSTILE_BODY_TEXTS = ['{', '[]', 'null', '"x"', '1', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"a":1e999}', '\u0000', '{"a":"\\ud800"}'];

/** Over the server's 1 MiB bodyLimit. */
export const OVERSIZE_BODY = `{"x":"${'y'.repeat(5 * 1024 * 1024)}"}`;
