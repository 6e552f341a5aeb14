"use server";
import { redirect } from "next/navigation";
import { CredentialsSignin } from "sekisho/next";
import { auth, requireRecentSignIn, signIn, signOut, unstable_update } from "../auth";
import { deleteNotes } from "../notes";

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
  // After RecentSignInRequired the login page asks for a sign-in again: the IdP must ask the user afresh.
  await signIn("idp", { redirectTo: String(form.get("redirectTo") || "/dashboard"), reauth: form.get("reauth") === "1" });
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

export async function deleteMyNotes() {
  // First: a stale session is sent to sign in again, and back to the page, before anything is deleted.
  await requireRecentSignIn();
  const session = await auth();
  if (session?.user?.email) deleteNotes(session.user.email);
  redirect("/settings/danger");
}
