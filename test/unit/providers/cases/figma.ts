import Figma from "../../../../src/providers/figma.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Figma,
  id: "figma",
  name: "Figma",
  type: "oauth",
  hosts: ["figma.com"],
  payload: {
    id: "1183064617543937213",
    handle: "Dana Designer",
    img_url: "https://s3-alpha.figma.com/profile/2b6fc6de-5d2e-4a0a-8c58-2dd9b6d1e0a5",
    email: "dana@example.com",
  },
  user: {
    id: "1183064617543937213",
    name: "Dana Designer",
    email: "dana@example.com",
    image: "https://s3-alpha.figma.com/profile/2b6fc6de-5d2e-4a0a-8c58-2dd9b6d1e0a5",
  },
});
