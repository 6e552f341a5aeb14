import { redirect } from "@sveltejs/kit";
import { CredentialsSignin } from "sekisho/sveltekit";
import { signIn } from "../../auth";
import type { Actions, PageServerLoad } from "./$types";

// The form actions live here; a visitor who opens /signin gets the built-in sign-in page.
export const load: PageServerLoad = () => redirect(303, "/auth/signin");

export const actions: Actions = {
  default: async (event) => {
    try {
      await signIn(event);
    } catch (error) {
      // signIn finishes by throwing its redirect; only a refused sign-in is handled here.
      if (error instanceof CredentialsSignin) redirect(303, `/?error=${error.type}`);
      throw error;
    }
  },
};
