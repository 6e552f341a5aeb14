import type { PageServerLoad } from "./$types";

// Apps written for earlier versions call getSession(), which the reference still ships as auth()'s alias.
export const load: PageServerLoad = async ({ locals }) => {
  const session = await locals.getSession();
  return { name: session?.user.name ?? null };
};
