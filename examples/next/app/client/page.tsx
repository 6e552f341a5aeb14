import { SessionProvider } from "sekisho/react";
import { ClientSession } from "./session";

/** No session is passed down: the provider fetches it once for every consumer below. */
export default function ClientPage() {
  return (
    <main>
      <h1>Client session</h1>
      <SessionProvider>
        <ClientSession />
      </SessionProvider>
    </main>
  );
}
