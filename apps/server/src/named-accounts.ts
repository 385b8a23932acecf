/**
 * The accounts the start line names, apart from the code that makes them so that a server's primary (cluster/)
 * prints them without loading the database's code: the first admin (db/seed-root.ts) and the demo's password.
 */
export const ADMIN_USER_NAME = 'admin';
export const DEMO_PASSWORD = 'demo1234';
