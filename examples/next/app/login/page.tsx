import { signInWithIdp, signInWithPassword } from "../actions";

export default async function Login({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { callbackUrl = "/dashboard", error } = await searchParams;
  return (
    <main>
      <h1>Sign in</h1>
      {error ? <p role="alert" id="error">{error}</p> : null}
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
          <button type="submit">Sign in with Company IdP</button>
        </form>
      ) : null}
    </main>
  );
}
