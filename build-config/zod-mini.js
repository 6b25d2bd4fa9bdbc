// What the console uses of zod/mini, shared under the name "zod/mini" with one copy in the page
// (provided by the shell). A shared module cannot be tree-shaken, so sharing the whole package
// would ship every schema type; this list keeps what the contracts and the areas call.
// It imports zod/v4/mini (the same files): importing "zod/mini" here would consume this module itself.
// Add a name here before calling z.<name> anywhere: build-config.test.js reads every use of the
// contracts' zod namespace in the workspace and fails on a name this list does not export.
// zod's classes are recognised by their traits (Symbol.hasInstance), not by identity, so a schema
// built here passes the instanceof checks of another copy (the form resolver's zod/v4/core).
export {
  _default,
  array,
  boolean,
  catchall,
  coerce,
  config,
  discriminatedUnion,
  email,
  enum,
  gte,
  input,
  int,
  iso,
  literal,
  lte,
  maxLength,
  minLength,
  nullable,
  nullish,
  number,
  object,
  optional,
  output,
  partial,
  partialRecord,
  pick,
  pipe,
  prefault,
  record,
  refine,
  regex,
  safeParse,
  string,
  superRefine,
  toLowerCase,
  transform,
  trim,
  union,
  unknown,
  uuid,
} from 'zod/v4/mini';
