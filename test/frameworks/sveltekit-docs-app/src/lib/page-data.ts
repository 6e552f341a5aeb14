// Not from the docs: a probe that `$page.data.session` is typed. Without App.PageData.session it is `any`,
// which no use in a page could reveal; here that is an error.
import type { Session } from "sekisho/sveltekit";

type IsAny<T> = 0 extends 1 & T ? true : false;

export const pageDataSessionIsTyped: IsAny<App.PageData["session"]> = false;
export const pageDataSession: App.PageData["session"] extends Session | null | undefined ? true : false = true;
