/**
 * What a user's statements may leave on a session, put back as the session began: the role taken
 * (SET ROLE, SET SESSION AUTHORIZATION), settings (search_path, read-only, set_config(…, false))
 * and temporary tables. Run after every SQL editor run and every embedded call, before the session
 * serves anyone else.
 */
export const USER_SESSION_RESET = 'reset session authorization; reset role; reset all; discard temp';
