/** Why a member without projects write cannot change the auth service's settings. */
export const SETTINGS_DENIED = 'You need additional permissions to change authentication settings';
