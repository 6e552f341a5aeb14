"use client"
import { signOut, useSession } from "sekisho/react"

export function ClientSession() {
  const { data: session, status } = useSession()
  return (
    <section>
      <p id="client-status">{status}</p>
      <p id="client-name">{session?.user?.name}</p>
      {session && <button onClick={() => signOut({ redirectTo: "/" })}>Sign out from the browser</button>}
    </section>
  )
}
