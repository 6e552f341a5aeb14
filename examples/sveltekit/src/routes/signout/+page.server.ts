import { redirect } from "@sveltejs/kit";
import { signOut } from "../../auth";
import type { Actions, PageServerLoad } from "./$types";

export const load: PageServerLoad = () => redirect(303, "/auth/signout");

export const actions: Actions = { default: signOut };
