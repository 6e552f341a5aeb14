import Link from "next/link";
import { Suspense } from "react";
import { auth } from "../auth";

/** Reads the request (auth() reads its cookies), so with cacheComponents it renders inside a Suspense boundary. */
async function Status() {
  const session = await auth();
  return <p id="status">{session?.user ? `Signed in as ${session.user.name}` : "Not signed in"}</p>;
}

export default function Home() {
  return (
    <main>
      <h1>sekisho on Next.js</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <Status />
      </Suspense>
      <nav>
        <Link href="/dashboard">Dashboard</Link> · <Link href="/client">Client session</Link> ·{" "}
        <Link href="/settings/danger">Danger zone</Link> · <Link href="/login">Sign in</Link>
      </nav>
    </main>
  );
}
