/**
 * What the SessionProvider shares with the calls made outside React (sekisho/react's `signIn`, `signOut` and
 * getters, and sekisho/webauthn's `signIn`): the basePath of the provider rendered last, and the channel that
 * tells every provider the session may have changed.
 */
import { authClient, type AuthClient, type ClientOptions } from "../client/index.js";

/** Every client of sekisho in the page listens here for "the session may have changed". */
export const channelName = "sekisho.session";
export const defaultBasePath = "/api/auth";

/** Tells every provider but `source` (the one that made the change and already holds the result). */
export function announceChange(source = ""): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(source);
  channel.close();
}

/**
 * The basePath of the SessionProvider rendered last. The calls outside React, where no context reaches, read
 * it here, as next-auth's read theirs.
 */
let providerBasePath = defaultBasePath;

export function setProviderBasePath(basePath: string): void {
  providerBasePath = basePath;
}

/** The browser calls for sekisho at the SessionProvider's basePath (`/api/auth` without one). */
export function providerClient(options: Omit<ClientOptions, "basePath" | "onChange"> = {}): AuthClient {
  return authClient({ ...options, basePath: providerBasePath, onChange: () => announceChange() });
}
