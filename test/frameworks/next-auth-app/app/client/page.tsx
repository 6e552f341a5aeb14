import { SessionProvider } from "sekisho/react"
import { ClientSession } from "@/components/client-session"

export default function ClientPage() {
  return (
    <SessionProvider>
      <ClientSession />
    </SessionProvider>
  )
}
