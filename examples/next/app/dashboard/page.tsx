import Link from "next/link";
import { Suspense } from "react";
import { auth } from "../../auth";
import { rename, signOutEverywhere } from "../actions";

type SearchParams = Promise<Record<string, string | undefined>>;

/** The page reads the request, so with cacheComponents it renders inside a Suspense boundary. */
export default function Dashboard({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <SignedInDashboard searchParams={searchParams} />
    </Suspense>
  );
}

async function SignedInDashboard({ searchParams }: { searchParams: SearchParams }) {
  const session = await auth();
  // Null unless signed in through the IdP. A server component cannot set cookies: see the README.
  const idpToken = await auth.getAccessToken("idp");
  const { sameRequest } = await searchParams;
  return (
    <main>
      <h1>Dashboard</h1>
      <p>
        Name: <span id="user-name">{session?.user?.name}</span>
      </p>
      <p>
        Email: <span id="user-email">{session?.user?.email}</span>
      </p>
      {idpToken ? (
        <p>
          IdP access token expires at <span id="idp-token-expires">{idpToken.expiresAt}</span> (seconds since the epoch)
        </p>
      ) : null}
      {sameRequest !== undefined ? (
        <p>
          Seen by auth() in the same request: <span id="same-request">{sameRequest}</span>
        </p>
      ) : null}
      <form action={rename}>
        <label>
          New name <input name="name" />
        </label>
        <button type="submit">Rename</button>
      </form>
      <form action={signOutEverywhere}>
        <button type="submit">Sign out</button>
      </form>
      <Link href="/client">Client session</Link>
    </main>
  );
}
