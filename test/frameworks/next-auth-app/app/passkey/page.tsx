import { SessionProvider } from "sekisho/react"
import { PasskeyLogin } from "@/components/passkey-login"

export default function PasskeyPage() {
  return (
    <SessionProvider>
      <PasskeyLogin />
    </SessionProvider>
  )
}
