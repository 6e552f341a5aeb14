"use server";
import { redirect } from "next/navigation";
import { CredentialsSignin } from "sekisho/next";
import { auth, signIn, signOut, unstable_update } from "../auth";

export async function signInWithPassword(form: FormData) {
  try {
    await signIn("credentials", form);
  } catch (error) {
    // signIn redirects by throwing; only a refused sign-in is handled here.
    if (error instanceof CredentialsSignin) redirect(`/login?error=${error.type}`);
    throw error;
  }
}

export async function signInWithIdp(form: FormData) {
  await signIn("idp", { redirectTo: String(form.get("redirectTo") || "/dashboard") });
}

export async function signOutEverywhere() {
  await signOut({ redirectTo: "/" });
}

export async function rename(form: FormData) {
  await unstable_update({ user: { name: String(form.get("name")) } });
  // Read again in the same request: the update is already visible.
  const session = await auth();
  redirect(`/dashboard?sameRequest=${encodeURIComponent(session?.user?.name ?? "")}`);
}
