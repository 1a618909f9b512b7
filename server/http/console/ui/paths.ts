// The console's two fixed places, apart from the route table (routes.ts loads the pages lazily, and
// pages that link here must not import the table that imports them).

/** Where a signed-in person lands. */
export const HOME = "/app/invoices";
export const SIGN_IN = "/app/sign-in";
