// The one zod locale the console uses, shared under the name "zod/locales" (see zod-mini.js):
// the contracts configure English messages once and the page holds one copy of them.
// From zod/v4/locales, not "zod/locales", which would consume this module itself.
export { en } from 'zod/v4/locales';
