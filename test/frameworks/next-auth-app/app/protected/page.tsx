import { auth, unstable_update } from "@/auth"

export default async function Protected() {
  const session = await auth()
  return (
    <main>
      <p id="user-name">{session?.user.name}</p>
      <p id="user-email">{session?.user.email}</p>
      <p id="user-role">{session?.user.role}</p>
      <form
        action={async (formData) => {
          "use server"
          await unstable_update({ user: { name: String(formData.get("name")) } })
        }}
      >
        <label>
          New name <input name="name" />
        </label>
        <button type="submit">Rename</button>
      </form>
    </main>
  )
}
