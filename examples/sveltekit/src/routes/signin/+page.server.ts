import { redirect } from "@sveltejs/kit";
import { CredentialsSignin } from "sekisho/sveltekit";
import { signIn } from "../../auth";
import type { Actions } from "./$types";

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
