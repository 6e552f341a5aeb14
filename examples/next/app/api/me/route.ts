import { auth } from "../../../auth";

/** A route handler wrapped by auth(): the session arrives on `request.auth`. */
export const GET = auth((request) => Response.json({ auth: request.auth }));
