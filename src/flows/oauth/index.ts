import type { Flow } from "../flow.js";
import { oauthSignIn } from "./authorize.js";
import { oauthCallback } from "./callback.js";

export const oauthFlow: Flow = { signIn: oauthSignIn, callback: oauthCallback };
