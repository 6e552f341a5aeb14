import type { Flow } from "../flow.js";
import { emailCallback } from "./callback.js";
import { emailSignIn } from "./request.js";

export const emailFlow: Flow = { signIn: emailSignIn, callback: emailCallback };
