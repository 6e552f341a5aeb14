import type { NextRequest } from "next/server";
import { getToken } from "sekisho/jwt";
import { isRevoked } from "../../../auth";

/**
 * Server code that reads the session token itself. With `auth: { isRevoked }`, getToken also refuses a
 * token whose session was ended (signed out, revoked), which decoding alone cannot tell.
 */
export async function GET(req: NextRequest) {
  const token = await getToken({ req, secret: process.env.AUTH_SECRET, auth: { isRevoked } });
  return Response.json({ sid: token?.sid ?? null, email: token?.email ?? null });
}
