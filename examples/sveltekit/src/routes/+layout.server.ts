import { idpConfigured } from "../auth";
import type { LayoutServerLoad } from "./$types";

export const load: LayoutServerLoad = async (event) => ({ session: await event.locals.auth(), idp: idpConfigured() });
