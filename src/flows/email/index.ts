import type { Flow } from "../index.js";
import { emailCallback } from "./callback.js";
import { emailSignIn } from "./request.js";

export const emailFlow: Flow = { signIn: emailSignIn, callback: emailCallback };
