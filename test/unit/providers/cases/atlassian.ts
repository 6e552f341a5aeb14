import Atlassian from "../../../../src/providers/atlassian.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Atlassian,
  id: "atlassian",
  name: "Atlassian",
  type: "oauth",
  hosts: ["atlassian.com"],
  payload: {
    account_type: "atlassian",
    account_id: "112233:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    email: "mia@example.com",
    name: "Mia Krystof",
    picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233/aaaa/128",
    account_status: "active",
    nickname: "mkrystof",
    zoneinfo: "Australia/Sydney",
    locale: "en-US",
    extended_profile: { job_title: "Designer", organization: "mia@example.com", department: "Design team" },
  },
  user: {
    id: "112233:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
    name: "Mia Krystof",
    email: "mia@example.com",
    image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233/aaaa/128",
  },
});
