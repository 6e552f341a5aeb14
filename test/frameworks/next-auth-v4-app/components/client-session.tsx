import { signIn, signOut, useSession } from "next-auth/react";

export function ClientSession() {
  const { data: session, status } = useSession();
  return (
    <section>
      <p id="client-status">{status}</p>
      <p id="client-user">{session?.user?.email ?? ""}</p>
      {session ? <button onClick={() => signOut()}>Sign out</button> : <button onClick={() => signIn()}>Sign in</button>}
    </section>
  );
}
