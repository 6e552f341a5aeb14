import type { NextApiRequest, NextApiResponse } from "next";
import { auth } from "../../auth";

/** A pages-router API route: auth(req, res). */
export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  res.status(200).json({ session: await auth(req, res) });
}
