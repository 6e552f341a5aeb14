import { requireRecentSignIn } from "../../../auth";
import { deleteNotes, notesOf } from "../../../notes";
import type { Actions, PageServerLoad } from "./$types";

export const load: PageServerLoad = async (event) => {
  // First, before anything of the account is read: a stale session signs in again and comes back here.
  await requireRecentSignIn(event);
  const session = await event.locals.auth();
  return { name: session?.user?.name, notes: notesOf(session?.user?.email ?? "") };
};

export const actions: Actions = {
  default: async (event) => {
    // First: a stale session is sent to sign in again (a script gets 403) before anything is deleted.
    await requireRecentSignIn(event);
    const session = await event.locals.auth();
    if (session?.user?.email) deleteNotes(session.user.email);
    return { deleted: true };
  },
};
