import { redirect, type Handle } from "@sveltejs/kit";
import { sequence } from "@sveltejs/kit/hooks";
import { handle as authHandle } from "./auth";

/** Authorization by path, in a hook chained after sekisho's. */
const guardAdmin: Handle = async ({ event, resolve }) => {
  if (/^\/(admin|settings)(\/|$)/.test(event.url.pathname) && !(await event.locals.auth())) {
    redirect(303, `/auth/signin?callbackUrl=${encodeURIComponent(event.url.pathname)}`);
  }
  return resolve(event);
};

export const handle = sequence(authHandle, guardAdmin);
