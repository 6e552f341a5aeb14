import Coinbase from "../../../../src/providers/coinbase.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Coinbase,
  id: "coinbase",
  name: "Coinbase",
  type: "oauth",
  hosts: ["coinbase.com"],
  payload: {
    data: {
      id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
      name: "User One",
      username: "user1",
      profile_location: null,
      profile_bio: null,
      profile_url: "https://coinbase.com/user1",
      avatar_url: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY&s=128",
      resource: "user",
      resource_path: "/v2/user",
      email: "user1@example.com",
    },
  },
  user: {
    id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
    name: "User One",
    email: "user1@example.com",
    image: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY&s=128",
  },
});
