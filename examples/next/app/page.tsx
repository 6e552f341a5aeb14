import Link from "next/link";
import { auth } from "../auth";

export default async function Home() {
  const session = await auth();
  return (
    <main>
      <h1>sekisho on Next.js</h1>
      <p id="status">{session?.user ? `Signed in as ${session.user.name}` : "Not signed in"}</p>
      <nav>
        <Link href="/dashboard">Dashboard</Link> · <Link href="/client">Client session</Link> · <Link href="/login">Sign in</Link>
      </nav>
    </main>
  );
}
