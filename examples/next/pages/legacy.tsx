import type { GetServerSideProps } from "next";
import type { Session } from "sekisho/next";
import { auth } from "../auth";

export const getServerSideProps: GetServerSideProps<{ session: Session | null }> = async (context) => ({
  props: { session: await auth(context) },
});

/** A pages-router page: auth(context) in getServerSideProps. */
export default function Legacy({ session }: { session: Session | null }) {
  return <p id="legacy-user">{session?.user?.name ?? "nobody"}</p>;
}
