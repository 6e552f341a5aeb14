import Link from "next/link"
import { auth, signOut } from "@/auth"

export default async function Home() {
  const session = await auth()
  return (
    <main>
      <p id="status">{session?.user ? `Signed in as ${session.user.name}` : "Not signed in"}</p>
      <Link href="/protected">Protected</Link>
      {session?.user && (
        <form
          action={async () => {
            "use server"
            await signOut({ redirectTo: "/" })
          }}
        >
          <button type="submit">Sign out</button>
        </form>
      )}
    </main>
  )
}
