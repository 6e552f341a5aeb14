import Discord from "../../../../src/providers/discord.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Discord,
  id: "discord",
  name: "Discord",
  type: "oauth",
  hosts: ["discord.com"],
  payload: {
    id: "80351110224678912",
    username: "nelly",
    discriminator: "0",
    global_name: "Nelly",
    avatar: "8342729096ea3675442027381ff50dfe",
    mfa_enabled: true,
    banner: null,
    accent_color: 16711680,
    locale: "en-US",
    verified: true,
    email: "nelly@discord.com",
    flags: 64,
    premium_type: 1,
    public_flags: 64,
  },
  user: {
    id: "80351110224678912",
    name: "Nelly",
    email: "nelly@discord.com",
    image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
  },
});
