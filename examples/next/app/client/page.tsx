import { ClientSession } from "./session";

/** No session is passed down: the root layout's provider fetches it once for every consumer below. */
export default function ClientPage() {
  return (
    <main>
      <h1>Client session</h1>
      <ClientSession />
    </main>
  );
}
