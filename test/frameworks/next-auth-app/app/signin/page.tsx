import { redirect } from "next/navigation"
import { AuthError } from "sekisho/next"
import { signIn } from "@/auth"

export default async function SignInPage(props: {
  searchParams: Promise<{ callbackUrl?: string; error?: string }>
}) {
  const { callbackUrl, error } = await props.searchParams
  return (
    <main>
      {error && <p id="error">{error}</p>}
      <form
        action={async (formData) => {
          "use server"
          try {
            await signIn("credentials", formData)
          } catch (error) {
            if (error instanceof AuthError) {
              return redirect(`/signin?error=${error.type}`)
            }
            throw error
          }
        }}
      >
        <input type="hidden" name="redirectTo" value={callbackUrl ?? "/"} />
        <label>
          Username <input name="username" />
        </label>
        <label>
          Password <input name="password" type="password" />
        </label>
        <button type="submit">Sign in with password</button>
      </form>
      <form
        action={async () => {
          "use server"
          await signIn("idp", { redirectTo: callbackUrl ?? "/" })
        }}
      >
        <button type="submit">Sign in with Company IdP</button>
      </form>
    </main>
  )
}
