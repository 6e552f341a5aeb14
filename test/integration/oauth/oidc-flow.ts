/** Drives a full OAuth/OIDC sign-in: app → IdP login and consent → app callback, with a cookie jar per host. */
import type { Client } from "../../helpers/auth-client.js";
import { loginAtIdp, type IdpReturn } from "../../helpers/oidc-idp.js";

export interface FlowResult {
  /** The app's answer to the callback (after a form_post's 303, the answer to the GET). */
  response: Response;
  returned: IdpReturn;
}

/** POST /signin/:id with a valid CSRF token; returns the authorization URL the app redirected to. */
export async function startSignIn(client: Client, providerId: string, form: Record<string, string> = {}, query = ""): Promise<string> {
  const response = await client.send(`/signin/${providerId}${query}`, { form: { csrfToken: await client.csrfToken(), callbackUrl: "/welcome", ...form } });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers.get("location")!;
}

/** Sends the IdP's return to the app, following a form_post's 303 to the GET. */
export async function returnToApp(client: Client, returned: IdpReturn): Promise<Response> {
  let response = await client.send(returned.url, returned.method === "POST" ? { body: returned.body, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } } : {});
  if (response.status === 303) response = await client.send(response.headers.get("location")!);
  return response;
}

export async function signInThroughIdp(client: Client, providerId: string, sub: string): Promise<FlowResult> {
  const authorizationUrl = await startSignIn(client, providerId);
  const returned = await loginAtIdp(authorizationUrl, sub);
  return { response: await returnToApp(client, returned), returned };
}
