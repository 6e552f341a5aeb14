import Salesforce from "../../../../src/providers/salesforce.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Salesforce,
  id: "salesforce",
  name: "Salesforce",
  type: "oidc",
  issuer: "https://login.salesforce.com",
  payload: {
    sub: "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P",
    user_id: "005x00000012Q9P",
    organization_id: "00Dx0000000BV7z",
    preferred_username: "admin@acme.com",
    nickname: "admin1.2345678901234567E12",
    name: "Alan Van",
    email: "admin@acme.com",
    email_verified: true,
    given_name: "Alan",
    family_name: "Van",
    zoneinfo: "America/Los_Angeles",
    photos: {
      picture: "https://acme.file.force.com/profilephoto/005/F",
      thumbnail: "https://acme.file.force.com/profilephoto/005/T",
    },
    profile: "https://acme.my.salesforce.com/005x00000012Q9P",
    picture: "https://acme.file.force.com/profilephoto/005/F",
    user_type: "STANDARD",
    language: "en_US",
    locale: "en_US",
    active: true,
  },
  user: {
    id: "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P",
    name: "Alan Van",
    email: "admin@acme.com",
    image: "https://acme.file.force.com/profilephoto/005/F",
  },
});
