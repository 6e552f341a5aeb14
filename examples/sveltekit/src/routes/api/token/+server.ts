import { json } from "@sveltejs/kit";
import { env } from "$env/dynamic/private";
import { getToken } from "sekisho/jwt";
import { isRevoked } from "../../../auth";
import type { RequestHandler } from "./$types";

/**
 * Server code that reads the session token itself. With `auth: { isRevoked }`, getToken also refuses a
 * token whose session was ended (signed out, revoked), which decoding alone cannot tell.
 */
export const GET: RequestHandler = async ({ request }) => {
  const token = await getToken({ req: request, secret: env.AUTH_SECRET, auth: { isRevoked } });
  return json({ sid: token?.sid ?? null, email: token?.email ?? null });
};
