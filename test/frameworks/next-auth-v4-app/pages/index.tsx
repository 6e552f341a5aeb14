import type { GetServerSideProps } from "next";
import type { Session } from "next-auth";
import { getServerSession } from "next-auth/next";
import { ClientSession } from "../components/client-session";
import { authOptions } from "./api/auth/[...nextauth]";

interface Props {
  /** Taken by _app for SessionProvider. */
  session: Session | null;
  serverUser: string | null;
}

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const session = await getServerSession(context.req, context.res, authOptions);
  return { props: { session, serverUser: session?.user?.email ?? null } };
};

export default function Home({ serverUser }: Props) {
  return (
    <main>
      <p id="server-user">{serverUser ?? "nobody"}</p>
      <ClientSession />
    </main>
  );
}
