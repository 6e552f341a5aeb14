"use client"
import { useState } from "react"
import { signOut, useSession } from "sekisho/react"
import { signIn } from "sekisho/webauthn"

// The passkey component of next-auth's WebAuthn guide, with a field to create an account with a passkey.
export function PasskeyLogin() {
  const { data: session, status } = useSession()
  const [email, setEmail] = useState("")
  return (
    <div>
      <p id="passkey-status">{status}</p>
      <p id="passkey-user">{session?.user?.email}</p>
      {status === "authenticated" ? (
        <>
          <button onClick={() => signIn("passkey", { action: "register" })}>Register new Passkey</button>
          <button onClick={() => signOut({ redirectTo: "/passkey" })}>Sign out</button>
        </>
      ) : status === "unauthenticated" ? (
        <>
          <button onClick={() => signIn("passkey")}>Sign in with Passkey</button>
          <label>
            Email <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>
          <button onClick={() => signIn("passkey", { action: "register", email })}>Create an account with a Passkey</button>
        </>
      ) : null}
    </div>
  )
}
