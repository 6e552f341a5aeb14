import { Suspense } from "react";
import { auth, requireRecentSignIn } from "../../../auth";
import { notesOf } from "../../../notes";
import { deleteMyNotes } from "../../actions";

/** The page reads the request, so with cacheComponents it renders inside a Suspense boundary. */
export default function DangerZone() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <Notes />
    </Suspense>
  );
}

async function Notes() {
  // First, before anything of the account is read. Next.js does not tell a server component its own URL.
  await requireRecentSignIn({ returnTo: "/settings/danger" });
  const session = await auth();
  const notes = notesOf(session?.user?.email ?? "");
  return (
    <main>
      <h1>Danger zone</h1>
      <p>
        Signed in as <span id="user-name">{session?.user?.name}</span>, recently enough to delete things.
      </p>
      <p>
        Notes: <span id="note-count">{notes.length}</span>
      </p>
      <ul>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <form action={deleteMyNotes}>
        <button type="submit">Delete my notes</button>
      </form>
    </main>
  );
}
