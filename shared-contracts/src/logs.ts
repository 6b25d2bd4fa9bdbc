// Owned by the logs domain; filled in by its team.
export {};
