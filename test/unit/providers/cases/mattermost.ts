import Mattermost from "../../../../src/providers/mattermost.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Mattermost,
  id: "mattermost",
  name: "Mattermost",
  type: "oauth",
  options: { issuer: "https://chat.example.com" },
  baseOption: "issuer",
  hosts: ["chat.example.com"],
  payload: {
    id: "8kd9a7sbzfgm9p4fyfeqwm3bxo",
    create_at: 1680000000000,
    update_at: 1700000000000,
    delete_at: 0,
    username: "sam.lee",
    auth_service: "",
    email: "sam.lee@example.com",
    email_verified: true,
    nickname: "",
    first_name: "Sam",
    last_name: "Lee",
    position: "Engineer",
    roles: "system_user",
    locale: "en",
    timezone: { automaticTimezone: "Europe/Berlin", manualTimezone: "", useAutomaticTimezone: "true" },
  },
  user: { id: "8kd9a7sbzfgm9p4fyfeqwm3bxo", name: "Sam Lee", email: "sam.lee@example.com", image: null },
});
