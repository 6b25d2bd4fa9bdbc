// Owned by the constants domain; filled in by its team.
export {};
