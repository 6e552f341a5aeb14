import type { OutCookie } from "../http/cookies.js";
import type { Session } from "../types.js";

export interface SessionResult {
  session: Session | null;
  /** The cookie changes to send: the session cookie refreshed or cleared. */
  cookies: OutCookie[];
}
