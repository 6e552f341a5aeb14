import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";
import type { ParsedProvider } from "../config/providers/provider-types.js";

/** What a flow does for a provider `P`; `flowFor` hands each flow only providers of its type. */
export interface Flow<P extends ParsedProvider = ParsedProvider> {
  /** `POST /signin/:id`: start the sign-in (send the user to the IdP, email the link). */
  signIn?(ctx: AuthContext, provider: P): Promise<Outcome>;
  /** `GET|POST /callback/:id`: complete it. */
  callback?(ctx: AuthContext, provider: P): Promise<Outcome>;
}
