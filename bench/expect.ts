/** The checks a scenario makes of an answer before it is timed; a wrong answer throws. */
import { user } from "./subjects.js";

export function expectResponse(name: string, response: Response, status: number) {
  if (response.status !== status) throw new Error(`${name}: expected ${status}, got ${response.status}`);
}

export async function expectSessionOf(name: string, response: Response) {
  expectResponse(name, response, 200);
  const body = (await response.json()) as { user?: { email?: string } } | null;
  if (body?.user?.email !== user.email) throw new Error(`${name}: the session does not carry the user's email`);
}
