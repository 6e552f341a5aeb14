import Box from "../../../../src/providers/box.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Box,
  id: "box",
  name: "Box",
  type: "oauth",
  hosts: ["box.com"],
  payload: {
    id: "11446498",
    type: "user",
    address: "900 Jefferson Ave, Redwood City, CA 94063",
    avatar_url: "https://www.box.com/api/avatar/large/181176",
    created_at: "2012-12-12T10:53:43-08:00",
    job_title: "CEO",
    language: "en",
    login: "ceo@example.com",
    max_upload_size: 2147483648,
    modified_at: "2012-12-12T10:53:43-08:00",
    name: "Aaron Levie",
    notification_email: { email: "notifications@example.com", is_confirmed: true },
    phone: "6509241374",
    space_amount: 11345156112,
    space_used: 1237009912,
    status: "active",
    timezone: "Africa/Bujumbura",
  },
  user: { id: "11446498", name: "Aaron Levie", email: "ceo@example.com", image: "https://www.box.com/api/avatar/large/181176" },
});
