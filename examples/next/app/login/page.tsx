import { Suspense } from "react";
import { signInWithIdp, signInWithPassword } from "../actions";

type SearchParams = Promise<Record<string, string | undefined>>;

/** The form reads the query, so with cacheComponents it renders inside a Suspense boundary. */
export default function Login({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <LoginForm searchParams={searchParams} />
    </Suspense>
  );
}

async function LoginForm({ searchParams }: { searchParams: SearchParams }) {
  const { callbackUrl = "/dashboard", error } = await searchParams;
  // Sent here by requireRecentSignIn: the user is signed in, but not recently enough for what they asked.
  const reauth = error === "RecentSignInRequired";
  return (
    <main>
      <h1>Sign in</h1>
      {reauth ? (
        <p role="status" id="reauth">
          For your security, sign in again to continue.
        </p>
      ) : error ? (
        <p role="alert" id="error">
          {error}
        </p>
      ) : null}
      <form action={signInWithPassword}>
        <input type="hidden" name="redirectTo" value={callbackUrl} />
        <label>
          Username <input name="username" autoComplete="username" />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" />
        </label>
        <button type="submit">Sign in with password</button>
      </form>
      {process.env.AUTH_IDP_ISSUER ? (
        <form action={signInWithIdp}>
          <input type="hidden" name="redirectTo" value={callbackUrl} />
          {reauth ? <input type="hidden" name="reauth" value="1" /> : null}
          <button type="submit">Sign in with Company IdP</button>
        </form>
      ) : null}
    </main>
  );
}
