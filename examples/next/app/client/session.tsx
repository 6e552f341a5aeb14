"use client";
import { signIn, signOut, useSession } from "sekisho/react";

function Consumer({ index }: { index: number }) {
  const { data, status } = useSession();
  return (
    <li className="consumer" data-status={status}>
      {index}: {data?.user?.name ?? status}
    </li>
  );
}

export function ClientSession() {
  const { data, status, update } = useSession();
  return (
    <section>
      <p id="client-status">{status}</p>
      <ul>
        {[1, 2, 3, 4, 5].map((index) => (
          <Consumer key={index} index={index} />
        ))}
      </ul>
      {data ? (
        <>
          <button onClick={() => update({ user: { name: "Updated In Browser" } })}>Update from the browser</button>
          <button onClick={() => signOut({ redirectTo: "/" })}>Sign out from the browser</button>
        </>
      ) : (
        <button onClick={() => signIn("credentials", { username: "demo", password: "demo", redirectTo: "/client" })}>
          Sign in from the browser
        </button>
      )}
    </section>
  );
}
