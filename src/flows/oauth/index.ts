import type { Flow } from "../index.js";
import { oauthSignIn } from "./authorize.js";
import { oauthCallback } from "./callback.js";

export const oauthFlow: Flow = { signIn: oauthSignIn, callback: oauthCallback };
