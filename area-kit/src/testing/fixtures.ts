// Who and where the test kit's area runs: the same user and project in every area's tests.

/** The project every area is opened on in tests (a 20-letter ref, as the API makes them). */
export const PROJECT_REF = 'abcdefghijklmnopqrst';
/** The signed-in user. */
export const ME = { id: '11111111-1111-4111-8111-111111111111', email: 'me@example.com', username: 'me' };
/** Another member of the organization. */
export const TEAMMATE = { id: '22222222-2222-4222-8222-222222222222', email: 'grace@example.com', username: 'grace' };
/** The organization the project belongs to. */
export const ORGANIZATION = { id: 1, name: 'Acme Inc', slug: 'acme' };
