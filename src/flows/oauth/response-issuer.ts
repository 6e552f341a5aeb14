import { fitsIssuerTemplate, type Endpoints } from "../../oauth-client/discovery.js";
import { ProviderRequestError } from "../../oauth-client/provider-fetch.js";

/**
 * RFC 9207 §2.4: the authorization response's `iss` names the provider the code came from, which defeats
 * mix-up attacks. It is required when the provider's discovery document promises it, and checked whenever
 * it is present and the provider's issuer is known.
 */
export function checkResponseIssuer(iss: string | undefined, endpoints: Endpoints): void {
  if (iss === undefined) {
    if (endpoints.responseIss)
      throw new ProviderRequestError("the authorization response has no iss, which the provider promises (RFC 9207)");
    return;
  }
  if (endpoints.issuer !== undefined && iss !== endpoints.issuer && !fitsIssuerTemplate(endpoints.issuer, iss)) {
    throw new ProviderRequestError("the authorization response's iss is not this provider's issuer (RFC 9207)");
  }
}
