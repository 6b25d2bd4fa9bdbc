import type { Extension } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { hstore } from '@electric-sql/pglite/contrib/hstore';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { ltree } from '@electric-sql/pglite/contrib/ltree';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { tablefunc } from '@electric-sql/pglite/contrib/tablefunc';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';

/**
 * The contrib extensions every embedded project database loads when it opens, so that
 * `create extension` finds them (PGlite ships them inside its package, unpacked at start). The
 * set never shrinks: a database that enabled one must find it again on its next open.
 */
export const PGLITE_EXTENSIONS = {
  btree_gin,
  btree_gist,
  citext,
  cube,
  earthdistance,
  fuzzystrmatch,
  hstore,
  intarray,
  ltree,
  pg_trgm,
  pgcrypto,
  tablefunc,
  unaccent,
  uuid_ossp,
};

/**
 * Not an extension: it tells PGlite's runtime to write the extensions' libraries (`.so`) into its
 * file system as plain files instead of loading each one when the database opens. A library is
 * then loaded the first time Postgres needs it (`create extension`, or a call to one of its
 * functions), so an open no longer pays for fourteen libraries most databases never use (pgcrypto's
 * alone is 1.1 MB compressed): about 0.4 CPU-seconds less per open, measured on this machine.
 */
export const LOAD_LIBRARIES_ON_USE: Extension = {
  name: 'load-libraries-on-use',
  setup: async (_pg, emscriptenOpts: Record<string, unknown>) => ({ emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true } }),
};
